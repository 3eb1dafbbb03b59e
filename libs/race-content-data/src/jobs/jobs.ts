import { Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { defineQueue } from '@platform/messaging';

/** Racing types; each has its own race collection. */
export const RACING_TYPES = ['auto_racing', 'bicycle_racing', 'horse_racing'] as const;
export type RacingType = (typeof RACING_TYPES)[number];

/**
 * Job payloads of the race-content queues. The job id and the attempt number travel as message
 * properties (messageId and the x-attempt header), set by the messaging lib.
 */
export class ArticleGenerationJob {
  @IsString() @IsNotEmpty() article_id!: string;
  @IsString() @IsNotEmpty() race_id!: string;
  @IsIn(RACING_TYPES) racing_type!: RacingType;
  @IsString() @IsNotEmpty() title!: string;
  @IsObject() race_result!: Record<string, unknown>;
  @IsOptional() @IsString() custom_prompt?: string | null;
  /** The generation the article waits for (its generation_id); a job of another generation changes nothing. */
  @IsOptional() @IsString() generation_id?: string | null;
}

export class ArticleDraftSection {
  @IsString() @IsNotEmpty() heading!: string;
  @IsArray() @IsString({ each: true }) paragraphs!: string[];
}

/** The text the generation step wrote, for the builder step to turn into body_html. */
export class ArticleBuildJob {
  @IsString() @IsNotEmpty() article_id!: string;
  @IsString() @IsNotEmpty() race_id!: string;
  @IsString() @IsNotEmpty() title!: string;
  @IsString() lead!: string;
  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => ArticleDraftSection)
  sections!: ArticleDraftSection[];
  @IsOptional() @IsString() generation_id?: string | null;
  /** The fact check of the written text (stored as accuracy_test_data). */
  @IsOptional() @IsObject() accuracy_test_data?: Record<string, unknown> | null;
  /** NG words found in the written text (masked in lead and sections). */
  @IsOptional() @IsArray() @IsString({ each: true }) ng_word_hits?: string[];
}

export const BLOG_KINDS = ['recap', 'prediction'] as const;
export type BlogKind = (typeof BLOG_KINDS)[number];

/** A new blog written from race data (POST /v1/blogs/generate). */
export class BlogGenerationJob {
  @IsString() @IsNotEmpty() blog_id!: string;
  @IsString() @IsNotEmpty() race_id!: string;
  @IsIn(RACING_TYPES) racing_type!: RacingType;
  @IsIn(BLOG_KINDS) kind!: BlogKind;
  @IsOptional() @IsString() generation_id?: string | null;
}

/** A rewrite of a past blog (blog generation with old_blog_id, or a past blog's rewrite). */
export class BlogRewriteJob {
  @IsString() @IsNotEmpty() blog_id!: string;
  @IsString() @IsNotEmpty() old_blog_id!: string;
  @IsOptional() @IsString() race_id?: string | null;
  @IsOptional() @IsIn(RACING_TYPES) racing_type?: RacingType | null;
  @IsOptional() @IsString() generation_id?: string | null;
}

export class ThumbnailGenerationJob {
  @IsString() @IsNotEmpty() blog_id!: string;
  @IsString() @IsNotEmpty() race_id!: string;
}

/**
 * Race content's queues, each with the message class it carries. Only race
 * content's apps (the API and the two workers) import them.
 */
export const RACE_CONTENT_QUEUES = {
  articleGeneration: defineQueue('article-generation', ArticleGenerationJob),
  articleBuilder: defineQueue('article-builder', ArticleBuildJob),
  blogGeneration: defineQueue('blog-generation', BlogGenerationJob),
  blogRewriter: defineQueue('blog-rewriter', BlogRewriteJob),
  thumbnailGeneration: defineQueue('thumbnail-generation', ThumbnailGenerationJob),
} as const;

export const RACE_CONTENT_QUEUE_LIST = Object.values(RACE_CONTENT_QUEUES);
