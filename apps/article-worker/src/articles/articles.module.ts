import { type DynamicModule, Module } from '@nestjs/common';
import { type AiOptions, ChatModel } from '@platform/ai';
import { GENERATION_OPTIONS, type GenerationOptions, RaceContentDataModule } from '@platform/race-content-data';
import { ArticleBuilderConsumer } from './article-builder.consumer';
import { ArticleGenerationConsumer } from './article-generation.consumer';
import { ArticleWriter } from './article-writer';
import { LlmArticleWriter } from './llm-article-writer';
import { StuckArticlesSweeper } from './stuck-articles.sweeper';
import { TemplateArticleWriter } from './template-article-writer';

@Module({})
export class ArticlesModule {
  static register(ai: AiOptions, generation: GenerationOptions): DynamicModule {
    const writer =
      ai.provider === 'openai'
        ? [
            { provide: ChatModel, useValue: new ChatModel(ai) },
            { provide: ArticleWriter, useClass: LlmArticleWriter },
          ]
        : [{ provide: ArticleWriter, useClass: TemplateArticleWriter }];
    return {
      module: ArticlesModule,
      imports: [RaceContentDataModule.register({ ngWordsCacheMs: generation.ngWordsCacheMs })],
      providers: [
        ...writer,
        { provide: GENERATION_OPTIONS, useValue: generation },
        ArticleGenerationConsumer,
        ArticleBuilderConsumer,
        StuckArticlesSweeper,
      ],
      exports: [StuckArticlesSweeper],
    };
  }
}
