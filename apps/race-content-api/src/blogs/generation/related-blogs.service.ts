import { Injectable } from '@nestjs/common';
import { cosineSimilarity } from '@platform/ai';
import { type BlogDocument, BlogStore, CategoryStore, escapeHtml, withoutSections } from '@platform/race-content-data';
import { toBlogResponse } from '../blogs.mapper';
import type { BlogResponse } from '../dto/blog.dto';
import { notFound, RaceContentError } from '../../race-content.errors';
import { type IndexedBlog, RelatedBlogsIndex } from './related-blogs.index';

/** Related blogs inserted, at most. */
export const RELATED_COUNT = 2;
/** Candidates this similar or more are the same text, not related (`generateBlogRelatedInfo`). */
export const MAX_SIMILARITY = 0.99;
/** How many of the nearest may be checked against the store, best first, until two pass. */
const VERIFIED = 12;

export const RELATED_CLASS = 'nb-related';
export const RELATED_HEADING = '関連情報';

/** The related-information section: the heading, then a link per blog (site-relative `/blogs/{id}`). */
export function relatedSection(blogs: ReadonlyArray<{ id: string; name: string }>): string {
  const items = blogs.map((b) => `<li><a href="/blogs/${b.id}">${escapeHtml(b.name)}</a></li>`).join('');
  return `<section class="${RELATED_CLASS}"><h3>${RELATED_HEADING}</h3><ul>${items}</ul></section>`;
}

/** The body with one related section at its bottom: an earlier one is removed, never stacked. */
export function withRelatedSection(bodyHtml: string, blogs: ReadonlyArray<{ id: string; name: string }>): string {
  return withoutSections(bodyHtml, RELATED_CLASS) + relatedSection(blogs);
}

/**
 * POST /v1/blogs/{id}/related_generate (synchronous): the two blogs closest to this one by cosine similarity of
 * embeddings, excluding itself, blogs rewritten from the same past blog, blogs of the identical title, similarity
 * 0.99 or more and blogs still generating, go into a 関連情報 section at the bottom of the body (replacing an earlier
 * one). The nearest come from the in-memory index; the nearest are re-read from the store best first (two at a time, up to
 * twelve) and judged on what it says now (deleted, renamed, generating, re-embedded), so the answer never rests on a stale entry.
 */
@Injectable()
export class RelatedBlogsService {
  constructor(
    private readonly blogs: BlogStore,
    private readonly index: RelatedBlogsIndex,
    private readonly categories: CategoryStore,
  ) {}

  async relate(blogId: string): Promise<BlogResponse> {
    const blog = await this.blogs.findById(blogId);
    if (!blog) throw notFound('The blog');
    if (blog.status === 'generating') throw new RaceContentError('BLOG_GENERATING', 'The blog is being generated; try once it is a draft');
    if (!blog.embedding || blog.embedding.length === 0) throw new RaceContentError('NO_EMBEDDING', 'The blog has no embedding');
    const chosen = await this.choose(blog);
    if (chosen.length === 0) throw new RaceContentError('NO_RELATED_CANDIDATES', 'No other blog qualifies as related information');
    const updated = await this.blogs.writeRelated(blog, withRelatedSection(blog.body_html, chosen));
    if (!updated) throw notFound('The blog');
    this.index.put(updated);
    return toBlogResponse(updated, await this.categories.namesOf(updated.category_id ? [updated.category_id] : []));
  }

  private async choose(blog: BlogDocument): Promise<Array<{ id: string; name: string }>> {
    await this.index.fresh();
    const self = blog._id.toHexString();
    const qualifies = (other: { id: string; name: string; oldBlogId: string | null; status: string }, similarity: number) =>
      other.id !== self &&
      other.status !== 'generating' &&
      other.name !== blog.name &&
      !(blog.old_blog_id && other.oldBlogId === blog.old_blog_id) &&
      similarity < MAX_SIMILARITY;
    const nearest = this.index.nearest(blog.embedding!, (other: IndexedBlog, similarity) => qualifies(other, similarity), VERIFIED);
    if (nearest.length === 0) return [];
    // Best first, re-read by id in pairs until two pass on their current state: usually two reads.
    const verified: Array<{ id: string; name: string; similarity: number }> = [];
    for (let at = 0; at < nearest.length && verified.length < RELATED_COUNT; at += RELATED_COUNT) {
      const batch = nearest.slice(at, at + RELATED_COUNT);
      const current = await Promise.all(batch.map((n) => this.blogs.findCandidate(n.blog.id)));
      for (const doc of current) {
        if (!doc) continue;
        this.index.put(doc);
        if (doc.deleted_at != null || !doc.embedding) continue;
        const similarity = cosineSimilarity(blog.embedding!, doc.embedding);
        const other = { id: doc._id.toHexString(), name: doc.name, oldBlogId: doc.old_blog_id ?? null, status: doc.status };
        if (qualifies(other, similarity)) verified.push({ id: other.id, name: other.name, similarity });
      }
    }
    return verified.sort((a, b) => b.similarity - a.similarity).slice(0, RELATED_COUNT);
  }
}
