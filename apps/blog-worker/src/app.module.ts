import { type DynamicModule, Module } from '@nestjs/common';
import { COMMON_ERROR_STATUS, exceptionFilterFor, httpConventions, raceContentErrorBody } from '@platform/contracts';
import type { Db } from 'mongodb';
import { AmqpConnection, amqpHealthCheck, MessagingModule } from '@platform/messaging';
import { MONGO_DB, mongoHealthCheck, MongoModule } from '@platform/persistence';
import { RACE_CONTENT_INDEXES } from '@platform/race-content-data';
import { HealthModule } from '@platform/runtime';
import { ObjectStorage, StorageModule } from '@platform/storage';
import { BlogsModule } from './blogs/blogs.module';
import type { BlogWorkerConfig } from './config';
import { ThumbnailsModule } from './thumbnails/thumbnails.module';

/**
 * Consumes blog-generation, blog-rewriter and thumbnail-generation (queued by `generateBlog`, `generateBlogFromOldBlog`,
 * `rewriteOldBlog` and `generateBlogThumbnail` in docs/openapi/race-content-api.json);
 * HTTP only for probes and the OpenAPI document.
 */
@Module({})
export class AppModule {
  static register(config: BlogWorkerConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        MongoModule.forRoot({ ...config.mongo, indexes: RACE_CONTENT_INDEXES }),
        MessagingModule.forRoot(config.messaging),
        StorageModule.forRoot(config.storage),
        BlogsModule.register(config.ai, config.embedding, config.generation),
        ThumbnailsModule.register(config.thumbnails),
        HealthModule.forRoot({
          inject: [MONGO_DB, AmqpConnection, ObjectStorage],
          checks: (db: Db, amqp: AmqpConnection, storage: ObjectStorage) => [
            mongoHealthCheck(db),
            amqpHealthCheck(amqp),
            storage.healthCheck(true),
          ],
        }),
      ],
      providers: httpConventions({ filter: exceptionFilterFor(COMMON_ERROR_STATUS, raceContentErrorBody) }),
    };
  }
}
