import { Module } from '@nestjs/common';
import { RaceContentDataModule } from '@platform/race-content-data';
import { OldBlogsController } from './old-blogs.controller';
import { OldBlogsService } from './old-blogs.service';

/** Past blogs with their embeddings (the Past blogs operations of docs/openapi/race-content-api.json). */
@Module({
  imports: [RaceContentDataModule],
  controllers: [OldBlogsController],
  providers: [OldBlogsService],
})
export class OldBlogsModule {}
