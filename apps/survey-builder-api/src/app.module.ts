import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { HeaderUserGuard } from '@platform/auth';
import { BuilderEnvelopeInterceptor, BuilderExceptionFilter, createValidationPipe } from '@platform/contracts';
import { postgresHealthCheck, PostgresModule } from '@platform/persistence';
import { HealthModule } from '@platform/runtime';
import type { SurveyBuilderConfig } from './config';
import { SURVEY_BUILDER_DATABASE } from './database';

/** Every route identifies its caller by the x-user-email and x-user-name headers, unless marked @Public(). */
@Module({})
export class AppModule {
  static register(config: SurveyBuilderConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PostgresModule.forRoot({ ...SURVEY_BUILDER_DATABASE, ...config.database, applicationName: 'survey-builder-api' }),
        HealthModule.forRoot({ inject: [DataSource], checks: (db: DataSource) => [postgresHealthCheck(db)] }),
      ],
      providers: [
        { provide: APP_GUARD, useClass: HeaderUserGuard },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: BuilderEnvelopeInterceptor },
        { provide: APP_FILTER, useClass: BuilderExceptionFilter },
      ],
    };
  }
}
