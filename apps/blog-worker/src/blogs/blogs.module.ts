import { type DynamicModule, Module } from '@nestjs/common';
import { type AiOptions, ChatModel, createEmbedder, type EmbeddingOptions, TextEmbedder } from '@platform/ai';
import { GENERATION_OPTIONS, type GenerationOptions, RaceContentDataModule } from '@platform/race-content-data';
import { BlogContentService } from './blog-content.service';
import { BlogGenerationConsumer } from './blog-generation.consumer';
import { BlogRewriterConsumer } from './blog-rewriter.consumer';
import { BlogWriter } from './blog-writer';
import { LlmBlogWriter } from './llm-blog-writer';
import { StuckBlogsSweeper } from './stuck-blogs.sweeper';
import { TemplateBlogWriter } from './template-blog-writer';

/** The blog-generation and blog-rewriter consumers, the AI text and embedding ports, and the stuck-blog sweeper. */
@Module({})
export class BlogsModule {
  static register(ai: AiOptions, embedding: EmbeddingOptions, generation: GenerationOptions): DynamicModule {
    const writer =
      ai.provider === 'openai'
        ? [
            { provide: ChatModel, useValue: new ChatModel(ai) },
            { provide: BlogWriter, useClass: LlmBlogWriter },
          ]
        : [{ provide: BlogWriter, useClass: TemplateBlogWriter }];
    return {
      module: BlogsModule,
      imports: [RaceContentDataModule.register({ ngWordsCacheMs: generation.ngWordsCacheMs })],
      providers: [
        ...writer,
        { provide: TextEmbedder, useValue: createEmbedder(embedding) },
        { provide: GENERATION_OPTIONS, useValue: generation },
        BlogContentService,
        BlogGenerationConsumer,
        BlogRewriterConsumer,
        StuckBlogsSweeper,
      ],
      exports: [StuckBlogsSweeper],
    };
  }
}
