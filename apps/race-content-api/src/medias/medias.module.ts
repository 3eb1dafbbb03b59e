import { type DynamicModule, Module } from '@nestjs/common';
import { MultipartModule } from '@nestjs/platform-fastify/multipart';
import { RaceContentDataModule } from '@platform/race-content-data';
import { MediaFiles } from './media-files';
import { MediasController } from './medias.controller';
import { MediasService } from './medias.service';

/**
 * Media files in object storage (the Media operations of docs/openapi/race-content-api.json); uploads are limited to
 * `maxBytes` (413 above).
 */
@Module({})
export class MediasModule {
  static register(options: { maxBytes: number }): DynamicModule {
    return {
      module: MediasModule,
      imports: [RaceContentDataModule, MultipartModule.register({ limits: { fileSize: options.maxBytes } })],
      controllers: [MediasController],
      providers: [MediasService, MediaFiles],
    };
  }
}
