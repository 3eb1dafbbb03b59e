import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { type BlogStatus, BlogStore, type RelatedCandidate } from '@platform/race-content-data';

/** One blog as the related search sees it: what the exclusions read, and its unit vector. */
export interface IndexedBlog {
  id: string;
  name: string;
  oldBlogId: string | null;
  status: BlogStatus;
  vector: Float32Array;
  updatedAt: number;
}

export interface RelatedIndexOptions {
  /** Older than this, a request starts reading the blogs changed since in the background and goes on with what it has. */
  refreshAfterMs: number;
  /** Older than this, a request waits for that read (0: every request reads the changes first). */
  maxStalenessMs: number;
}

export const RELATED_INDEX_OPTIONS = Symbol('RELATED_INDEX_OPTIONS');

/** Writers' clocks differ and concurrent writes land out of order: each delta re-reads this far behind its mark. */
const CLOCK_SKEW_MS = 5_000;

function unit(vector: readonly number[]): Float32Array | undefined {
  let norm = 0;
  for (const v of vector) norm += v * v;
  if (!(norm > 0) || !Number.isFinite(norm)) return undefined;
  const length = Math.sqrt(norm);
  return Float32Array.from(vector, (v) => v / length);
}

/**
 * The embeddings of every live blog, held once per API process as unit Float32 vectors, so a related search is one
 * pass of dot products in memory instead of reading every vector per request. It is loaded on the first search and
 * kept current by reading only the blogs changed since (updated_at, with a skew margin; deletions included): in the
 * background past `refreshAfterMs`, before answering past `maxStalenessMs`. Memory: dimensions x 4 bytes per blog (256 dims: 1 KiB, 20 MB for 20,000 blogs;
 * 1,536 dims: 6 KiB). Its limit: one process's memory and one linear scan per request (20,000 x 256 in a few ms);
 * past some hundred thousand blogs a vector index in the store (Atlas Vector Search, pgvector) is the next step.
 * Answers are verified against the store (see RelatedBlogsService), so a stale entry never reaches a body.
 */
@Injectable()
export class RelatedBlogsIndex {
  private readonly logger = new Logger(RelatedBlogsIndex.name);
  private readonly blogs = new Map<string, IndexedBlog>();
  private mark = 0;
  private refreshedAt = -Infinity;
  /** How long the last read took: background reads are spaced at least four times that apart. */
  private lastReadMs = 0;
  private refreshing?: Promise<void>;
  private readonly options: RelatedIndexOptions;

  constructor(
    private readonly store: BlogStore,
    @Optional() @Inject(RELATED_INDEX_OPTIONS) options?: RelatedIndexOptions,
  ) {
    this.options = options ?? { refreshAfterMs: 2_000, maxStalenessMs: 60_000 };
  }

  get size(): number {
    return this.blogs.size;
  }

  /**
   * Brings the index up to date: the first call loads it; later, an index older than `refreshAfterMs` (and than four
   * times the last read, so a slow store is not kept busy) is refreshed in the background (the caller goes on with
   * it), and one older than `maxStalenessMs` is refreshed before the caller goes on. Concurrent callers share one read; a failed background read is logged and tried again later.
   */
  async fresh(now = Date.now()): Promise<void> {
    const age = now - this.refreshedAt;
    if (age <= Math.min(Math.max(this.options.refreshAfterMs, 4 * this.lastReadMs), this.options.maxStalenessMs)) return;
    this.refreshing ??= this.refresh().finally(() => (this.refreshing = undefined));
    if (age > this.options.maxStalenessMs) {
      await this.refreshing;
      return;
    }
    this.refreshing.catch((error: Error) => this.logger.warn({ err: error.message }, 'related-blog index refresh failed'));
  }

  /** Records a blog the caller has just read (its fresh state wins over an older entry). */
  put(blog: RelatedCandidate): void {
    const id = blog._id.toHexString();
    const known = this.blogs.get(id);
    if (known && known.updatedAt > blog.updated_at) return;
    const vector = blog.deleted_at == null && blog.embedding ? unit(blog.embedding) : undefined;
    if (!vector) {
      this.blogs.delete(id);
      return;
    }
    this.blogs.set(id, {
      id,
      name: blog.name,
      oldBlogId: blog.old_blog_id ?? null,
      status: blog.status,
      vector,
      updatedAt: blog.updated_at,
    });
  }

  /** Every indexed blog with its cosine similarity to `vector`, for those `keep` accepts; the best `limit`, best first. */
  nearest(vector: readonly number[], keep: (blog: IndexedBlog, similarity: number) => boolean, limit: number) {
    const query = unit(vector);
    if (!query) return [];
    const best: Array<{ blog: IndexedBlog; similarity: number }> = [];
    for (const blog of this.blogs.values()) {
      if (blog.vector.length !== query.length) continue;
      let dot = 0;
      for (let i = 0; i < query.length; i++) dot += query[i] * blog.vector[i];
      if (best.length === limit && dot <= best[limit - 1].similarity) continue;
      if (!keep(blog, dot)) continue;
      let at = best.length;
      while (at > 0 && best[at - 1].similarity < dot) at--;
      best.splice(at, 0, { blog, similarity: dot });
      if (best.length > limit) best.pop();
    }
    return best;
  }

  private async refresh(): Promise<void> {
    const started = Date.now();
    const full = this.refreshedAt === -Infinity;
    const cursor = this.store.scanCandidates(full ? undefined : this.mark - CLOCK_SKEW_MS);
    let read = 0;
    for await (const blog of cursor) {
      read++;
      this.put(blog);
      if (blog.updated_at > this.mark) this.mark = blog.updated_at;
    }
    this.refreshedAt = started;
    this.lastReadMs = Date.now() - started;
    if (full) this.logger.log({ blogs: this.blogs.size, read, ms: Date.now() - started }, 'related-blog index loaded');
  }
}
