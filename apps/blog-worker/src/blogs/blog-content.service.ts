import { Injectable, Logger } from '@nestjs/common';
import { TextEmbedder } from '@platform/ai';
import { type BlogDocument, BlogStore, CategoryStore, embeddingTextOf, NgWordCache, ngWordHits } from '@platform/race-content-data';
import { blogDraftText, renderBlogHtml, screenBlogDraft } from './blog-html';
import type { BlogDraft } from './blog-writer';

/**
 * The last step both blog queues share: screens the written draft against the NG words (cached list; hits recorded
 * on the blog), builds body_html under the blog's name as its h2, embeds category, title and body text, and moves
 * the blog to draft by compare-and-set. When embedding fails the blog keeps the vector it had (a rewrite inherits
 * its past blog's).
 */
@Injectable()
export class BlogContentService {
  private readonly logger = new Logger(BlogContentService.name);

  constructor(
    private readonly blogs: BlogStore,
    private readonly categories: CategoryStore,
    private readonly ngWords: NgWordCache,
    private readonly embedder: TextEmbedder,
  ) {}

  async complete(blog: BlogDocument, draft: BlogDraft, generationId: string | null | undefined): Promise<boolean> {
    const words = await this.ngWords.current();
    const hits = ngWordHits(blogDraftText(draft), words);
    const bodyHtml = renderBlogHtml(blog.name, screenBlogDraft(draft, words));
    const category = await this.categories.nameOf(blog.category_id);
    let embedding: number[] | null = null;
    try {
      embedding = await this.embedder.embed(embeddingTextOf({ category, name: blog.name, bodyHtml }));
    } catch (error) {
      this.logger.warn({ blogId: blog._id.toHexString(), err: (error as Error).message }, 'embedding failed; the blog keeps its vector');
    }
    return this.blogs.completeGeneration(blog._id.toHexString(), { bodyHtml, embedding, ngWordHits: hits, generationId });
  }
}
