import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { createValidationPipe, RaceContentExceptionFilter } from '@platform/contracts';
import { MessagingModule } from '@platform/messaging';
import { MongoModule } from '@platform/persistence';
import { LoggingModule } from '@platform/runtime';
import { StorageModule } from '@platform/storage';
import type { RaceContentConfig } from './config';
import { PingController } from './health/ping.controller';

@Module({})
export class AppModule {
  static register(config: RaceContentConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggingModule.forRoot({
          service: 'race-content-api',
          level: config.logLevel,
          quietPaths: ['/v1/ping', '/v1/ping/deep'],
        }),
        MongoModule.forRoot(config.mongo),
        MessagingModule.forRoot(config.messaging),
        StorageModule.forRoot(config.storage),
      ],
      controllers: [PingController],
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: RaceContentExceptionFilter },
      ],
    };
  }
}
