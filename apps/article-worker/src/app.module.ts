import { type DynamicModule, Module } from '@nestjs/common';
import { COMMON_ERROR_STATUS, exceptionFilterFor, httpConventions, raceContentErrorBody } from '@platform/contracts';
import type { Db } from 'mongodb';
import { AmqpConnection, amqpHealthCheck, MessagingModule } from '@platform/messaging';
import { MONGO_DB, mongoHealthCheck, MongoModule } from '@platform/persistence';
import { RACE_CONTENT_INDEXES } from '@platform/race-content-data';
import { HealthModule } from '@platform/runtime';
import { ArticlesModule } from './articles/articles.module';
import type { ArticleWorkerConfig } from './config';

/** Consumes article-generation and article-builder; HTTP only for probes and the OpenAPI document. */
@Module({})
export class AppModule {
  static register(config: ArticleWorkerConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        MongoModule.forRoot({ ...config.mongo, indexes: RACE_CONTENT_INDEXES }),
        MessagingModule.forRoot(config.messaging),
        ArticlesModule.register(config.ai, config.generation),
        HealthModule.forRoot({
          inject: [MONGO_DB, AmqpConnection],
          checks: (db: Db, amqp: AmqpConnection) => [mongoHealthCheck(db), amqpHealthCheck(amqp)],
        }),
      ],
      providers: httpConventions({ filter: exceptionFilterFor(COMMON_ERROR_STATUS, raceContentErrorBody) }),
    };
  }
}
