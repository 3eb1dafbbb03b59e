import { Inject, Injectable } from '@nestjs/common';
import type { Db, Filter, FindOptions } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { escapeHtml } from '../text/body-html';
import { COLLECTIONS } from '../documents/collections';
import type { BlogDocument, BlogOrigin, BlogStatus } from '../documents/documents';
import { waitsForGeneration } from '../documents/generation';
import type { RacingType } from '../jobs/jobs';
import { claimGeneration, sameGeneration } from './article.store';
import { LIVE, LiveStore, type PageRequest, toObjectId } from './live-store';

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

export type BlogChanges = Partial<
  Pick<BlogDocument, 'name' | 'body_html' | 'old_blog_id' | 'category_id' | 'blog_type' | 'status' | 'embedding'>
>;

/** The filters of GET /v1/blogs, typed scalars all (the API's query DTO refuses objects and arrays). */
export interface BlogListFilter {
  id?: string;
  name?: string;
  race_id?: string;
  race_type?: RacingType;
  blog_type?: string;
  category_id?: string;
  origin?: BlogOrigin;
  status?: BlogStatus;
}

/** A value for a case-insensitive partial match, with every regular-expression character taken literally. */
export function literalPattern(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), 'i');
}

/**
 * The MongoDB filter of GET /v1/blogs (`listBlogs` in docs/openapi/race-content-api.json). No value becomes an
 * operator: an id that is not an ObjectId matches nothing, the name is a case-insensitive fragment with its
 * regular-expression characters escaped, and origin is the presence of old_blog_id.
 */
export function blogFilter(query: BlogListFilter): Filter<BlogDocument> {
  const filter: Filter<BlogDocument> = { ...LIVE };
  if (query.id !== undefined) {
    const id = toObjectId(query.id);
    filter._id = id ? id : { $in: [] };
  }
  if (query.name !== undefined) filter.name = literalPattern(query.name);
  if (query.race_id !== undefined) filter.race_id = query.race_id;
  if (query.race_type !== undefined) filter.race_type = query.race_type;
  if (query.blog_type !== undefined) filter.blog_type = query.blog_type;
  if (query.category_id !== undefined) filter.category_id = query.category_id;
  if (query.origin !== undefined) filter.old_blog_id = query.origin === 'rewrite' ? { $ne: null } : null;
  if (query.status !== undefined) filter.status = query.status;
  return filter;
}

/** What the related search reads of a blog (never the body). */
export type RelatedCandidate = Pick<BlogDocument, '_id' | 'name' | 'old_blog_id' | 'status' | 'embedding' | 'updated_at' | 'deleted_at'>;

const CANDIDATE_PROJECTION = { name: 1, old_blog_id: 1, status: 1, embedding: 1, updated_at: 1, deleted_at: 1 };

/** Responses never carry the embedding. */
const WITHOUT_EMBEDDING: FindOptions = { projection: { embedding: 0 } };

/**
 * The blogs collection, used by the API and the blog worker alike. State changes: an edit (`update`), generating to
 * draft with content (`completeGeneration`), generating back to draft with a note (`failGeneration`, `releaseStuck`,
 * both through `release`), a new body on a blog not generating (`replaceBody`, `writeRelated`).
 */
@Injectable()
export class BlogStore extends LiveStore<BlogDocument> {
  constructor(@Inject(MONGO_DB) db: Db) {
    super(db, COLLECTIONS.blogs);
  }

  /** The live blog without its embedding (what responses are made of). */
  findWithoutEmbedding(id: string): Promise<BlogDocument | undefined> {
    return this.findById(id, WITHOUT_EMBEDDING);
  }

  /** A page of blogs (without embeddings) by updated_at. */
  page(query: BlogListFilter & PageRequest) {
    return this.pageOf(blogFilter(query), query, WITHOUT_EMBEDDING);
  }

  /** The blog after the change (with its embedding: FerretDB takes no projection on findAndModify; mappers leave it out). */
  update(blog: BlogDocument, changes: BlogChanges, now: number): Promise<BlogDocument | null> {
    return this.updateById(blog, changes, now);
  }

  /** A blog as the related search judges it, read by id alone, deleted or not (the index drops deleted ones). */
  async findCandidate(id: string): Promise<RelatedCandidate | null> {
    return this.collection.findOne({ _id: toObjectId(id)! }, { projection: CANDIDATE_PROJECTION });
  }

  /**
   * The blogs of the related index: every live one with an embedding, or (`changedSince`) every one changed since,
   * deletions included (index `blogs_updated`).
   */
  scanCandidates(changedSince?: number): AsyncIterable<RelatedCandidate> {
    const filter = changedSince === undefined ? { deleted_at: null, embedding: { $ne: null } } : { updated_at: { $gte: changedSince } };
    return this.collection.find(filter, { projection: CANDIDATE_PROJECTION, batchSize: 2000 });
  }

  /**
   * Writes the body with its related section, by id alone right after the caller checked the blog's state (see
   * findLiveById: FerretDB scans for any other filter); an edit landing in between is overwritten, as with two PUTs.
   * The blog after, or undefined when it is gone.
   */
  async writeRelated(blog: BlogDocument, bodyHtml: string, now = Date.now()): Promise<BlogDocument | undefined> {
    const updated = await this.collection.findOneAndUpdate(
      { _id: blog._id },
      { $set: { body_html: bodyHtml, updated_at: Math.max(now, blog.updated_at + 1) } },
      { returnDocument: 'after' },
    );
    return updated && updated.deleted_at == null ? updated : undefined;
  }

  /** generating to draft with the written body and its embedding; false when it no longer waits for this generation. */
  async completeGeneration(id: string, completion: BlogCompletion, now = Date.now()): Promise<boolean> {
    const result = await this.collection.updateOne(
      { _id: toObjectId(id), status: 'generating', ...LIVE, ...sameGeneration(completion.generationId) },
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
   * generating back to draft with the reason recorded and noted in the body (blogs have no failed status);
   * false when the blog no longer waits for this generation, or another finisher came first.
   */
  async failGeneration(id: string, reason: string, generationId?: string | null, now = Date.now()): Promise<boolean> {
    const blog = await this.findById(id);
    if (!blog || !waitsForGeneration(blog, generationId)) return false;
    return this.release(blog, reason, generationId, now);
  }

  /**
   * Blogs generating since before `before` go back to draft with the reason noted; answers how many. At most
   * `limit` per call. Each release is claimed (see `release`), so two replicas sweeping at once release a blog once.
   */
  async releaseStuck(before: number, reason: string, limit = 100, now = Date.now()): Promise<number> {
    const stuck = await this.collection
      .find({ status: 'generating', updated_at: { $lt: before }, ...LIVE }, { projection: { embedding: 0 } })
      .limit(limit)
      .toArray();
    let released = 0;
    for (const blog of stuck) {
      if (await this.release(blog, reason, undefined, now, blog.updated_at)) released++;
    }
    return released;
  }

  /** Replaces the body of a blog unless it changed since it was read (its updated_at); false then. */
  async replaceBody(blog: BlogDocument, bodyHtml: string, changes: Partial<BlogDocument> = {}, now = Date.now()): Promise<boolean> {
    const result = await this.collection.updateOne(
      { _id: blog._id, updated_at: blog.updated_at, status: { $ne: 'generating' }, ...LIVE },
      { $set: { ...changes, body_html: bodyHtml, updated_at: Math.max(now, blog.updated_at + 1) } },
    );
    return result.modifiedCount === 1;
  }

  /**
   * The one way a blog goes back to draft with a note: the release is claimed first (`claimGeneration`,
   * `blog:<id>:<generation>`), because FerretDB does not make the compare-and-set below atomic under concurrency
   * (two sweepers released the same blog); the compare-and-set still keeps a late worker's draft.
   */
  private async release(blog: BlogDocument, reason: string, generationId: string | null | undefined, now: number, updatedAt?: number) {
    const claim = `blog:${blog._id.toHexString()}:${blog.generation_id ?? `untracked-${blog.updated_at}`}`;
    if (!(await claimGeneration(this.db, claim, 'failed', now))) return false;
    const result = await this.collection.updateOne(
      {
        _id: blog._id,
        status: 'generating',
        ...LIVE,
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
