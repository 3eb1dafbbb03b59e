import { Controller, type DynamicModule, Get, HttpCode, Inject, Module, type ModuleMetadata, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiSchema, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public, RawResponse } from '../http/route-markers';
import { type HealthCheck, type HealthReport, runHealthChecks } from './health-check';

export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');

/** Probes answer well inside a kubelet's default one-second-plus timeout budget. */
export const HEALTH_CHECK_TIMEOUT_MS = 1500;

@ApiSchema({ description: "The liveness probe's answer: the process is up; dependencies are not consulted" })
class LiveAnswer {
  @ApiProperty({ enum: ['ok'], description: 'Always ok: any answer at all means the process is alive' }) status!: 'ok';
}

@ApiSchema({ description: "The readiness probe's answer: the overall state and each dependency's (503 when a required one fails)" })
class ReadinessAnswer {
  @ApiProperty({
    enum: ['ok', 'degraded', 'error'],
    description: 'ok when every dependency answers; degraded when only an optional one fails; error (503) when a required one fails',
  })
  status!: HealthReport['status'];
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: ['ok', 'error'] },
    description: 'Each dependency by name (postgres, redis, ...): ok, or error when it failed or timed out',
    example: { postgres: 'ok', redis: 'ok' },
  })
  checks!: HealthReport['checks'];
}

@ApiTags('Health')
@Public()
@RawResponse()
@Controller('health')
class HealthController {
  constructor(@Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[]) {}

  /** The process is up and serving; dependencies are not consulted, so a database outage never restarts pods. */
  @Get('live')
  @HttpCode(200)
  @ApiOperation({ operationId: 'getLiveness', summary: 'Liveness probe' })
  @ApiOkResponse({ description: 'The process answers.', type: LiveAnswer })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Ready to take traffic: every required dependency answers within the probe timeout. */
  @Get('ready')
  @ApiOperation({ operationId: 'getReadiness', summary: 'Readiness probe' })
  @ApiOkResponse({ description: 'Required dependencies answer; optional ones may be degraded.', type: ReadinessAnswer })
  @ApiServiceUnavailableResponse({ description: 'A required dependency does not answer.', type: ReadinessAnswer })
  async ready(@Res({ passthrough: true }) res: FastifyReply): Promise<HealthReport> {
    const report = await runHealthChecks(this.checks, HEALTH_CHECK_TIMEOUT_MS);
    res.status(report.status === 'error' ? 503 : 200);
    return report;
  }
}

export interface HealthModuleOptions {
  imports?: ModuleMetadata['imports'];
  inject?: Array<string | symbol | (abstract new (...args: never[]) => unknown)>;
  checks: (...deps: never[]) => HealthCheck[];
}

/** Liveness and readiness probes for Kubernetes, built from the checks the app lists. */
@Module({})
export class HealthModule {
  static forRoot(options: HealthModuleOptions): DynamicModule {
    return {
      module: HealthModule,
      imports: options.imports ?? [],
      controllers: [HealthController],
      providers: [{ provide: HEALTH_CHECKS, inject: options.inject ?? [], useFactory: options.checks }],
    };
  }
}
