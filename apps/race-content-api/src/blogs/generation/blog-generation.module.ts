import { type DynamicModule, Module } from '@nestjs/common';
import { RaceContentDataModule } from '@platform/race-content-data';
import { BlogGenerationController, OldBlogRewriteController } from './blog-generation.controller';
import { BlogGenerationService } from './blog-generation.service';
import { BlogThumbnailsService } from './blog-thumbnails.service';
import { RELATED_INDEX_OPTIONS, RelatedBlogsIndex, type RelatedIndexOptions } from './related-blogs.index';
import { RelatedBlogsService } from './related-blogs.service';

/**
 * The blog operations that go through the blog worker (generate, generation, a past blog's rewrite, thumbnails) and
 * the synchronous related information (`generateBlogRelatedInfo`).
 */
@Module({})
export class BlogGenerationModule {
  static register(related: RelatedIndexOptions): DynamicModule {
    return {
      module: BlogGenerationModule,
      imports: [RaceContentDataModule],
      controllers: [BlogGenerationController, OldBlogRewriteController],
      providers: [
        { provide: RELATED_INDEX_OPTIONS, useValue: related },
        BlogGenerationService,
        BlogThumbnailsService,
        RelatedBlogsService,
        RelatedBlogsIndex,
      ],
    };
  }
}
