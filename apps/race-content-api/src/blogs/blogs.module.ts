import { Module } from '@nestjs/common';
import { RaceContentDataModule } from '@platform/race-content-data';
import { BlogsController } from './blogs.controller';
import { BlogsService } from './blogs.service';

/** Blogs (the manual Blogs operations of docs/openapi/race-content-api.json). */
@Module({
  imports: [RaceContentDataModule],
  controllers: [BlogsController],
  providers: [BlogsService],
})
export class BlogsModule {}
