import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiSchema, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Db } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { isDraining, Public, withTimeout } from '@platform/runtime';

/** Probe paths, kept out of the request log. */
export const PING_PATHS = ['/v1/ping', '/v1/ping/deep'];

/** A hung database must not hang the probe: the deep check gives up well under two seconds. */
export const DEEP_PING_TIMEOUT_MS = 1500;

@ApiSchema({ description: "The health check's answer: 200 pong while serving, 503 while this replica shuts down" })
class PingAnswer {
  @ApiProperty({
    description: 'pong when serving; with a 503, shutting down or (deep check only) database check failed',
    example: 'pong',
  })
  message!: string;
}

@ApiSchema({ description: "The deep health check's answer, with the database's state" })
class DeepPingAnswer extends PingAnswer {
  @ApiProperty({ enum: ['ok', 'error'], description: 'ok when MongoDB answered a ping in time; error otherwise (503)' })
  db!: 'ok' | 'error';
}

/** Health checks (`ping` and `pingDeep` in docs/openapi/race-content-api.json), unauthenticated. */
@ApiTags('Health')
@Public()
@Controller('v1/ping')
export class PingController {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  @Get()
  @ApiOperation({ operationId: 'ping', summary: 'Health check' })
  @ApiOkResponse({ type: PingAnswer, description: 'The service answers' })
  @ApiServiceUnavailableResponse({ type: PingAnswer, description: 'This replica is shutting down' })
  ping(@Res({ passthrough: true }) res: FastifyReply): PingAnswer {
    if (isDraining()) {
      // Shutting down: the edge takes this replica out before it stops accepting (SHUTDOWN_DELAY_MS).
      res.status(503);
      return { message: 'shutting down' };
    }
    return { message: 'pong' };
  }

  /** 200 with db ok when MongoDB answers a ping; 503 with db error otherwise, never 500. */
  @Get('deep')
  @ApiOperation({ operationId: 'pingDeep', summary: 'Deep health check', description: 'Pings the database; never 500.' })
  @ApiOkResponse({ type: DeepPingAnswer, description: 'The database answers' })
  @ApiServiceUnavailableResponse({ type: DeepPingAnswer, description: 'The database check failed, or this replica is shutting down' })
  async deep(@Res({ passthrough: true }) res: FastifyReply): Promise<DeepPingAnswer> {
    if (isDraining()) {
      // Shutting down: not ready for new work, whatever the database says.
      res.status(503);
      return { message: 'shutting down', db: 'ok' };
    }
    try {
      await withTimeout(this.db.command({ ping: 1 }), DEEP_PING_TIMEOUT_MS);
      return { message: 'pong', db: 'ok' };
    } catch {
      res.status(503);
      return { message: 'database check failed', db: 'error' };
    }
  }
}
