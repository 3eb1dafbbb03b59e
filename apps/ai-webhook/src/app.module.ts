import { type DynamicModule, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { postgresHealthCheck, PostgresModule, REDIS, redisHealthCheck, RedisModule } from '@platform/persistence';
import { HealthModule } from '@platform/runtime';
import { ObjectStorage, StorageModule } from '@platform/storage';
import type { AiWebhookConfig } from './config';
import { AI_JOBS_DATABASE } from './database/database';
import { DatabaseModule } from './database/database.module';
import { EventRunsModule } from './event-runs/event-runs.module';
import { AiWebhookHttpModule } from './http/ai-webhook-http.module';
import { WebhookModule } from './webhooks/webhook.module';

/** The AI status webhook and the event-run status read (`getEventRunStatus` and `reportAiJobStatus` in docs/openapi/ai-webhook.json). */
@Module({})
export class AppModule {
  static register(config: AiWebhookConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PostgresModule.forRoot({ ...AI_JOBS_DATABASE, ...config.database, applicationName: 'ai-webhook' }),
        DatabaseModule,
        RedisModule.forRoot(config.redis),
        StorageModule.forRoot(config.storage),
        HealthModule.forRoot({
          inject: [DataSource, REDIS, ObjectStorage],
          checks: (db: DataSource, redis: Redis, storage: ObjectStorage) => [
            postgresHealthCheck(db),
            redisHealthCheck(redis),
            storage.healthCheck(false),
          ],
        }),
        AiWebhookHttpModule.register({ webhookApiKey: config.webhook.apiKey, idp: config.idp }),
        WebhookModule,
        EventRunsModule.register(config.projectAccess),
      ],
    };
  }
}
