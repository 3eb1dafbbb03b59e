import { type DynamicModule, Module } from '@nestjs/common';
import { RaceContentDataModule } from '@platform/race-content-data';
import { ThumbnailConsumer, THUMBNAIL_OPTIONS, type ThumbnailOptions } from './thumbnail.consumer';

/** The thumbnail-generation consumer: race cards rendered with sharp, stored in S3 as media. */
@Module({})
export class ThumbnailsModule {
  static register(options: ThumbnailOptions): DynamicModule {
    return {
      module: ThumbnailsModule,
      imports: [RaceContentDataModule],
      providers: [{ provide: THUMBNAIL_OPTIONS, useValue: options }, ThumbnailConsumer],
    };
  }
}
