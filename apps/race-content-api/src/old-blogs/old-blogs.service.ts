import { Injectable } from '@nestjs/common';
import { ObjectId } from 'mongodb';
import type { PagedList } from '@platform/contracts';
import { type OldBlogDocument, OldBlogStore, sanitizeBodyHtml } from '@platform/race-content-data';
import { pagedOf } from '../common/paged';
import { ContentEmbedder } from '../embeddings/content-embedder';
import { notFound } from '../race-content.errors';
import type { CreateOldBlogDto, ListOldBlogsQuery, OldBlogResponse } from './dto/old-blog.dto';

export const toOldBlogResponse = (oldBlog: OldBlogDocument): OldBlogResponse => ({
  id: oldBlog._id.toHexString(),
  race_id: oldBlog.race_id ?? null,
  race_type: oldBlog.race_type ?? null,
  blog_type: oldBlog.blog_type ?? null,
  category: oldBlog.category ?? null,
  source_url: oldBlog.source_url ?? null,
  published_at: oldBlog.published_at ?? null,
  name: oldBlog.name,
  body_html: oldBlog.body_html,
  created_at: oldBlog.created_at,
  updated_at: oldBlog.updated_at,
});

/** Past blogs registered for migration (the Past blogs operations but `rewriteOldBlog`, which came with part 2). There is no delete. */
@Injectable()
export class OldBlogsService {
  constructor(
    private readonly oldBlogs: OldBlogStore,
    private readonly embedder: ContentEmbedder,
  ) {}

  /**
   * Registers a past blog: the body sanitized with its relative image addresses made absolute from source_url,
   * then embedded from category, title and body text; without a vector when embedding fails.
   */
  async create(body: CreateOldBlogDto): Promise<OldBlogResponse> {
    const now = Date.now();
    const bodyHtml = sanitizeBodyHtml(body.body_html, { baseUrl: body.source_url });
    const category = body.category ?? null;
    const oldBlog: OldBlogDocument = {
      _id: new ObjectId(),
      name: body.name,
      race_id: body.race_id ?? null,
      race_type: body.race_type ?? null,
      blog_type: body.blog_type ?? null,
      category,
      source_url: body.source_url ?? null,
      published_at: body.published_at ?? null,
      body_html: bodyHtml,
      embedding: (await this.embedder.embed({ category, name: body.name, bodyHtml })) ?? null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await this.oldBlogs.insert(oldBlog);
    return toOldBlogResponse(oldBlog);
  }

  async list(query: ListOldBlogsQuery): Promise<PagedList<OldBlogResponse>> {
    return pagedOf(query, await this.oldBlogs.page(query), toOldBlogResponse);
  }

  async get(id: string): Promise<OldBlogResponse> {
    return toOldBlogResponse(await this.require(id));
  }

  /** An unchanged category writes nothing; a changed one re-embeds, keeping the old vector when embedding fails. */
  async setCategory(id: string, category: string | null): Promise<OldBlogResponse> {
    const oldBlog = await this.require(id);
    if ((oldBlog.category ?? null) === category) return toOldBlogResponse(oldBlog);
    const embedding = await this.embedder.embed({ category, name: oldBlog.name, bodyHtml: oldBlog.body_html });
    const updated = await this.oldBlogs.setCategory(oldBlog, category, embedding, Date.now());
    if (!updated) throw notFound('The past blog');
    return toOldBlogResponse(updated);
  }

  private async require(id: string): Promise<OldBlogDocument> {
    const oldBlog = await this.oldBlogs.findById(id);
    if (!oldBlog) throw notFound('The past blog');
    return oldBlog;
  }
}
