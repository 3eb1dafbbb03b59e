import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { BlogsController } from './blogs.controller';
import { BlogsRepository } from './blogs.repository';
import { BlogsService } from './blogs.service';

/** Blogs (spec 4.4, the manual operations). */
@Module({
  imports: [CategoriesModule],
  controllers: [BlogsController],
  providers: [BlogsService, BlogsRepository],
  exports: [BlogsRepository],
})
export class BlogsModule {}
