import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { escapeHtml } from './body-html';
import { COLLECTIONS } from './collections';
import type { BlogDocument, CategoryDocument, OldBlogDocument } from './documents';
import { claimGeneration, findLiveById, sameGeneration, toObjectId } from './stores';

const notDeleted = { deleted_at: null };

/** The class of the note a failed generation leaves in a blog's body. */
export const GENERATION_ERROR_NOTE_CLASS = 'nb-generation-error';

/**
 * The body of a blog whose generation failed: what it had (or just its h2 when it had nothing), with one note
 * saying why, right below the h2. An earlier note is replaced.
 */
export function bodyWithFailureNote(bodyHtml: string, name: string, reason: string): string {
  const note = `<p class="${GENERATION_ERROR_NOTE_CLASS}">自動生成に失敗しました（${escapeHtml(reason.slice(0, 300))}）。本文を編集するか、もう一度生成してください。</p>`;
  const withoutNote = bodyHtml.replace(new RegExp(`<p class="${GENERATION_ERROR_NOTE_CLASS}">[\\s\\S]*?</p>`, 'g'), '');
  const h2 = /<h2(\s[^>]*)?>[\s\S]*?<\/h2\s*>/i.exec(withoutNote);
  if (!h2) return `<h2>${escapeHtml(name)}</h2>${note}${withoutNote}`;
  const end = h2.index + h2[0].length;
  return withoutNote.slice(0, end) + note + withoutNote.slice(end);
}

export interface BlogCompletion {
  bodyHtml: string;
  /** null when embedding failed: the blog keeps the vector it had. */
  embedding: number[] | null;
  ngWordHits: string[];
  generationId?: string | null;
}

/** The blogs collection as the blog workers change it: compare-and-set on the status (and generation id). */
@Injectable()
export class BlogStore {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  private get blogs() {
    return this.db.collection<BlogDocument>(COLLECTIONS.blogs);
  }

  async findById(id: string): Promise<BlogDocument | undefined> {
    const _id = toObjectId(id);
    return _id && findLiveById(this.blogs, _id);
  }

  async findOldBlog(id: string): Promise<OldBlogDocument | undefined> {
    const _id = toObjectId(id);
    return _id && findLiveById(this.db.collection<OldBlogDocument>(COLLECTIONS.oldBlogs), _id);
  }

  /** The name of a live category, null for none, a deleted one or an id that is not one. */
  async categoryName(categoryId: string | null): Promise<string | null> {
    const _id = categoryId ? toObjectId(categoryId) : undefined;
    if (!_id) return null;
    const category = await findLiveById(this.db.collection<CategoryDocument>(COLLECTIONS.categories), _id);
    return category?.name ?? null;
  }

  /** generating to draft with the written body and its embedding; false when it no longer waits for this generation. */
  async completeGeneration(id: string, completion: BlogCompletion, now = Date.now()): Promise<boolean> {
    const result = await this.blogs.updateOne(
      { _id: toObjectId(id), status: 'generating', ...notDeleted, ...sameGeneration(completion.generationId) },
      {
        $set: {
          status: 'draft',
          body_html: completion.bodyHtml,
          ...(completion.embedding ? { embedding: completion.embedding } : {}),
          ng_word_hits: completion.ngWordHits,
          generation_error: null,
          updated_at: now,
        },
      },
    );
    return result.modifiedCount === 1;
  }

  /**
   * generating back to draft with the reason recorded and noted in the body (blogs have no failed status, spec 3);
   * false when the blog was no longer generating (or waits for another generation).
   */
  async failGeneration(id: string, reason: string, generationId?: string | null, now = Date.now()): Promise<boolean> {
    const blog = await this.findById(id);
    if (!blog || blog.status !== 'generating') return false;
    return this.releaseWithNote(blog, reason, generationId, now);
  }

  /**
   * Blogs generating since before `before` go back to draft with the reason noted; answers how many. At most
   * `limit` per call. Each release is claimed first (`claimGeneration`, `blog:<id>:<generation>`), so two replicas
   * sweeping at once release a blog once: FerretDB does not make the compare-and-set below atomic under
   * concurrency. The compare-and-set still keeps a late worker's draft.
   */
  async releaseStuck(before: number, reason: string, limit = 100, now = Date.now()): Promise<number> {
    const stuck = await this.blogs
      .find({ status: 'generating', updated_at: { $lt: before }, ...notDeleted }, { projection: { embedding: 0 } })
      .limit(limit)
      .toArray();
    let released = 0;
    for (const blog of stuck) {
      const claim = `blog:${blog._id.toHexString()}:${blog.generation_id ?? `untracked-${blog.updated_at}`}`;
      if (!(await claimGeneration(this.db, claim, 'failed', now))) continue;
      if (await this.releaseWithNote(blog, reason, undefined, now, blog.updated_at)) released++;
    }
    return released;
  }

  /** Replaces the body of a blog unless it changed since it was read (its updated_at); false then. */
  async replaceBody(blog: BlogDocument, bodyHtml: string, changes: Partial<BlogDocument> = {}, now = Date.now()): Promise<boolean> {
    const result = await this.blogs.updateOne(
      { _id: blog._id, updated_at: blog.updated_at, status: { $ne: 'generating' }, ...notDeleted },
      { $set: { ...changes, body_html: bodyHtml, updated_at: Math.max(now, blog.updated_at + 1) } },
    );
    return result.modifiedCount === 1;
  }

  private async releaseWithNote(
    blog: BlogDocument,
    reason: string,
    generationId: string | null | undefined,
    now: number,
    updatedAt?: number,
  ) {
    const result = await this.blogs.updateOne(
      {
        _id: blog._id,
        status: 'generating',
        ...notDeleted,
        ...sameGeneration(generationId),
        ...(updatedAt !== undefined ? { updated_at: updatedAt } : {}),
      },
      {
        $set: {
          status: 'draft',
          body_html: bodyWithFailureNote(blog.body_html, blog.name, reason),
          generation_error: reason.slice(0, 1000),
          updated_at: now,
        },
      },
    );
    return result.modifiedCount === 1;
  }
}
