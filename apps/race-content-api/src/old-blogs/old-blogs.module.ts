import { Module } from '@nestjs/common';
import { RaceContentDataModule } from '@platform/race-content-data';
import { OldBlogsController } from './old-blogs.controller';
import { OldBlogsService } from './old-blogs.service';

/** Past blogs with their embeddings (spec 4.6). */
@Module({
  imports: [RaceContentDataModule],
  controllers: [OldBlogsController],
  providers: [OldBlogsService],
})
export class OldBlogsModule {}
