import { Injectable } from '@nestjs/common';
import { ObjectId } from 'mongodb';
import type { PagedList } from '@platform/contracts';
import { type BlogChanges, type BlogDocument, BlogStore, CategoryStore, sanitizeBodyHtml } from '@platform/race-content-data';
import { pagedOf } from '../common/paged';
import { ContentEmbedder } from '../embeddings/content-embedder';
import { notFound, RaceContentError } from '../race-content.errors';
import { withHeading } from './blog-heading';
import { toBlogResponse } from './blogs.mapper';
import type { BlogResponse, CreateBlogDto, ListBlogsQuery, UpdateBlogDto } from './dto/blog.dto';

/** Blogs written or edited by hand (the manual Blogs operations; generation is in generation/). */
@Injectable()
export class BlogsService {
  constructor(
    private readonly blogs: BlogStore,
    private readonly categories: CategoryStore,
    private readonly embedder: ContentEmbedder,
  ) {}

  /** A manual blog, draft or published (generating is the pipeline's: 400), embedded for related-blog search. */
  async create(body: CreateBlogDto): Promise<BlogResponse> {
    if (body.status === 'generating') {
      throw new RaceContentError('STATUS_NOT_ALLOWED', 'status generating cannot be sent; send draft or published');
    }
    const category = await this.categoryName(body.category_id ?? null);
    const now = Date.now();
    const bodyHtml = sanitizeBodyHtml(body.body_html);
    const blog: BlogDocument = {
      _id: new ObjectId(),
      name: body.name,
      race_id: body.race_id ?? null,
      race_type: body.race_type ?? null,
      blog_type: body.blog_type ?? null,
      old_blog_id: body.old_blog_id ?? null,
      source_url: null,
      category_id: body.category_id ?? null,
      body_html: bodyHtml,
      status: body.status ?? 'draft',
      embedding: (await this.embedder.embed({ category, name: body.name, bodyHtml })) ?? null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await this.blogs.insert(blog);
    return toBlogResponse(blog, new Map(category && blog.category_id ? [[blog.category_id, category]] : []));
  }

  /** A page of blogs with their category names, resolved in one query for the page. */
  async list(query: ListBlogsQuery): Promise<PagedList<BlogResponse>> {
    const found = await this.blogs.page(query);
    const names = await this.categories.namesOf(found.docs.flatMap((blog) => (blog.category_id ? [blog.category_id] : [])));
    return pagedOf(query, found, (blog) => toBlogResponse(blog, names));
  }

  async get(blogId: string): Promise<BlogResponse> {
    return this.respond(await this.require(blogId));
  }

  /**
   * Omitted fields stay as they are. A new name rewrites the h2 of the body, unless body_html is sent too (the
   * sent body wins). A category_id must name a category (400). Name, body or category changes re-embed the blog;
   * when embedding fails the old vector stays.
   */
  async update(blogId: string, body: UpdateBlogDto): Promise<BlogResponse> {
    const blog = await this.require(blogId);
    const category = body.category_id !== undefined ? await this.categoryName(body.category_id) : undefined;
    const changes: BlogChanges = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.body_html !== undefined) changes.body_html = sanitizeBodyHtml(body.body_html);
    else if (body.name !== undefined && body.name !== blog.name) changes.body_html = withHeading(blog.body_html, body.name);
    if (body.old_blog_id !== undefined) changes.old_blog_id = body.old_blog_id;
    if (body.category_id !== undefined) changes.category_id = body.category_id;
    if (body.blog_type !== undefined) changes.blog_type = body.blog_type;
    if (body.status !== undefined) changes.status = body.status;
    const contentChanged =
      (changes.name !== undefined && changes.name !== blog.name) ||
      (changes.body_html !== undefined && changes.body_html !== blog.body_html) ||
      (changes.category_id !== undefined && changes.category_id !== blog.category_id);
    if (contentChanged) {
      const embedding = await this.embedder.embed({
        category: category !== undefined ? category : await this.categoryName(blog.category_id, { lenient: true }),
        name: changes.name ?? blog.name,
        bodyHtml: changes.body_html ?? blog.body_html,
      });
      if (embedding) changes.embedding = embedding;
    }
    const updated = await this.blogs.update(blog, changes, Date.now());
    if (!updated) throw notFound('The blog');
    return this.respond(updated);
  }

  async delete(blogId: string): Promise<void> {
    const blog = await this.require(blogId);
    if (!(await this.blogs.softDelete(blog, Date.now()))) throw notFound('The blog');
  }

  private async require(blogId: string): Promise<BlogDocument> {
    const blog = await this.blogs.findWithoutEmbedding(blogId);
    if (!blog) throw notFound('The blog');
    return blog;
  }

  private async respond(blog: BlogDocument): Promise<BlogResponse> {
    return toBlogResponse(blog, await this.categories.namesOf(blog.category_id ? [blog.category_id] : []));
  }

  /** The name of the category an id names; 400 UNKNOWN_CATEGORY when it names none (null when lenient). */
  private async categoryName(categoryId: string | null, options: { lenient?: boolean } = {}): Promise<string | null> {
    if (categoryId === null) return null;
    const category = await this.categories.findById(categoryId);
    if (category) return category.name;
    if (options.lenient) return null;
    throw new RaceContentError('UNKNOWN_CATEGORY', `No category has id ${categoryId}`);
  }
}
