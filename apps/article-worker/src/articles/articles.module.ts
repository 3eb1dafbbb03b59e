import { type DynamicModule, Module } from '@nestjs/common';
import { type AiOptions, ChatModel } from '@platform/ai';
import { RaceContentDataModule } from '@platform/race-content-data';
import { ArticleBuilderConsumer } from './article-builder.consumer';
import { ArticleGenerationConsumer } from './article-generation.consumer';
import { ArticleWriter } from './article-writer';
import { LlmArticleWriter } from './llm-article-writer';
import { TemplateArticleWriter } from './template-article-writer';

@Module({})
export class ArticlesModule {
  static register(ai: AiOptions): DynamicModule {
    const writer =
      ai.provider === 'openai'
        ? [
            { provide: ChatModel, useValue: new ChatModel(ai) },
            { provide: ArticleWriter, useClass: LlmArticleWriter },
          ]
        : [{ provide: ArticleWriter, useClass: TemplateArticleWriter }];
    return {
      module: ArticlesModule,
      imports: [RaceContentDataModule],
      providers: [...writer, ArticleGenerationConsumer, ArticleBuilderConsumer],
    };
  }
}
