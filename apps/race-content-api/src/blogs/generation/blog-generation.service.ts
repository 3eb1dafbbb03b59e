import { Injectable, Logger } from '@nestjs/common';
import { ObjectId } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { type QueueDefinition, QueuePublisher, QueueUnavailableError } from '@platform/messaging';
import {
  type BlogDocument,
  BlogStore,
  CategoryStore,
  type BlogKind,
  hasFinishingOrder,
  type OldBlogDocument,
  OldBlogStore,
  parseJsonText,
  PREDICTION_CATEGORY,
  RACE_CONTENT_QUEUES,
  RaceStore,
  RECAP_CATEGORY,
} from '@platform/race-content-data';
import type { GenerateBlogDto } from '../dto/blog.dto';
import { notFound, RaceContentError } from '../../race-content.errors';
import { defaultBlogName } from './default-blog-name';
import type { GenerateRewriteDto, RewriteOldBlogDto } from './dto/blog-generation.dto';

const KIND_CATEGORY: Record<BlogKind, string> = { recap: RECAP_CATEGORY, prediction: PREDICTION_CATEGORY };

/**
 * Blogs written by the blog worker (`generateBlog`, `generateBlogFromOldBlog`, `rewriteOldBlog`): each is stored as
 * generating with an empty body, then its job is published with a broker confirm. When the publish fails the caller
 * gets 503 and the blog is removed (a soft delete: it never had content, and the caller never got its id), so nothing
 * is left generating.
 */
@Injectable()
export class BlogGenerationService {
  private readonly logger = new Logger(BlogGenerationService.name);

  constructor(
    private readonly blogs: BlogStore,
    private readonly races: RaceStore,
    private readonly categories: CategoryStore,
    private readonly oldBlogs: OldBlogStore,
    private readonly publisher: QueuePublisher,
  ) {}

  /**
   * A recap (needs a finishing order) or prediction (needs prediction data) from race data; 404 for an unknown
   * race, 422 otherwise. Linked to the category named レース結果・回顧 or レース予想・検証 when it exists.
   */
  async generate(body: GenerateBlogDto): Promise<{ id: string }> {
    const kind = body.kind ?? 'recap';
    const race = await this.races.find(body.race_id);
    if (!race) throw notFound('The race');
    const raceResult = parseJsonText(race.race.race_result_json);
    if (kind === 'recap' && !hasFinishingOrder(raceResult)) {
      throw new RaceContentError('NO_FINISHING_ORDER', `The race ${race.race._id} has no finishing order to recap (void or cancelled)`);
    }
    if (kind === 'prediction' && !race.race.prediction_json) {
      throw new RaceContentError('NO_PREDICTION_DATA', `The race ${race.race._id} has no prediction registered`);
    }
    const category = await this.categories.findByName(KIND_CATEGORY[kind]);
    const blog = this.newBlog({
      name: body.name ?? defaultBlogName(raceResult, race.race.name, kind),
      race_id: race.race._id,
      race_type: race.type,
      category_id: category ? category._id.toHexString() : null,
    });
    await this.start(blog, RACE_CONTENT_QUEUES.blogGeneration, {
      blog_id: blog._id.toHexString(),
      race_id: race.race._id,
      racing_type: race.type,
      kind,
      generation_id: blog.generation_id,
    });
    return { id: blog._id.toHexString() };
  }

  /** A rewrite of a past blog (400 when it does not exist), with an optional category (400 when unknown) and name. */
  async generation(body: GenerateRewriteDto): Promise<{ id: string }> {
    const oldBlog = await this.oldBlogs.findById(body.old_blog_id);
    if (!oldBlog) throw new RaceContentError('UNKNOWN_OLD_BLOG', `No past blog has id ${body.old_blog_id}`);
    let categoryId: string | null | undefined;
    if (body.category_id) {
      if (!(await this.categories.findById(body.category_id))) {
        throw new RaceContentError('UNKNOWN_CATEGORY', `No category has id ${body.category_id}`);
      }
      categoryId = body.category_id;
    }
    return this.rewriteOf(oldBlog, { name: body.name, categoryId, raceId: oldBlog.race_id ?? null });
  }

  /** A past blog's rewrite (404 for an unknown past blog, or a given race_id of no race). */
  async rewrite(oldBlogId: string, body: RewriteOldBlogDto | undefined): Promise<{ id: string }> {
    const oldBlog = await this.oldBlogs.findById(oldBlogId);
    if (!oldBlog) throw notFound('The past blog');
    if (body?.race_id && !(await this.races.find(body.race_id))) throw notFound(`The race ${body.race_id}`);
    return this.rewriteOf(oldBlog, { raceId: oldBlog.race_id ?? body?.race_id ?? null });
  }

  /**
   * What a blog rewritten from a past blog inherits (`rewriteOldBlog`): name, race_id (the past blog's, else the
   * request's), race_type (the past blog's, else its race's), blog_type, source_url, category (the one named like the
   * past blog's category, else none) and the embedding (replaced once the rewrite is written).
   */
  private async rewriteOf(
    oldBlog: OldBlogDocument,
    options: { name?: string; categoryId?: string | null; raceId: string | null },
  ): Promise<{ id: string }> {
    const raceType = oldBlog.race_type ?? (options.raceId ? ((await this.races.find(options.raceId))?.type ?? null) : null);
    let categoryId = options.categoryId;
    if (categoryId === undefined) {
      const category = oldBlog.category ? await this.categories.findByName(oldBlog.category) : undefined;
      categoryId = category ? category._id.toHexString() : null;
    }
    const blog = this.newBlog({
      name: options.name ?? oldBlog.name,
      race_id: options.raceId,
      race_type: raceType,
      category_id: categoryId,
      blog_type: oldBlog.blog_type ?? null,
      old_blog_id: oldBlog._id.toHexString(),
      source_url: oldBlog.source_url ?? null,
      embedding: oldBlog.embedding ?? null,
    });
    await this.start(blog, RACE_CONTENT_QUEUES.blogRewriter, {
      blog_id: blog._id.toHexString(),
      old_blog_id: oldBlog._id.toHexString(),
      race_id: options.raceId,
      racing_type: raceType,
      generation_id: blog.generation_id,
    });
    return { id: blog._id.toHexString() };
  }

  private newBlog(fields: Pick<BlogDocument, 'name' | 'race_id' | 'race_type' | 'category_id'> & Partial<BlogDocument>): BlogDocument {
    const now = Date.now();
    return {
      _id: new ObjectId(),
      blog_type: null,
      old_blog_id: null,
      source_url: null,
      embedding: null,
      ...fields,
      body_html: '',
      status: 'generating',
      generation_id: randomUUID(),
      generation_error: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
  }

  private async start<T extends object>(blog: BlogDocument, queue: QueueDefinition<T>, job: T): Promise<void> {
    await this.blogs.insert(blog);
    try {
      await this.publisher.publish(queue, job, blog.generation_id!);
    } catch (error) {
      await this.blogs
        .softDelete(blog, Date.now())
        .catch((e: Error) => this.logger.error({ err: e.message, blogId: blog._id.toHexString() }, 'could not remove the unqueued blog'));
      if (error instanceof QueueUnavailableError) throw error;
      throw new QueueUnavailableError((error as Error).message);
    }
  }
}
