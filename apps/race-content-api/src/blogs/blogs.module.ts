import { Module } from '@nestjs/common';
import { RaceContentDataModule } from '@platform/race-content-data';
import { BlogsController } from './blogs.controller';
import { BlogsService } from './blogs.service';

/** Blogs (spec 4.4, the manual operations). */
@Module({
  imports: [RaceContentDataModule],
  controllers: [BlogsController],
  providers: [BlogsService],
})
export class BlogsModule {}
