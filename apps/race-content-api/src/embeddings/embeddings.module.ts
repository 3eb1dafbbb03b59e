import { type DynamicModule, Module } from '@nestjs/common';
import { createEmbedder, type EmbeddingOptions, TextEmbedder } from '@platform/ai';
import { ContentEmbedder } from './content-embedder';

/** The embedding port, its adapter chosen by AI_PROVIDER (local hashing, or an OpenAI-compatible API). */
@Module({})
export class EmbeddingsModule {
  static register(options: EmbeddingOptions): DynamicModule {
    return {
      module: EmbeddingsModule,
      global: true,
      providers: [{ provide: TextEmbedder, useValue: createEmbedder(options) }, ContentEmbedder],
      exports: [ContentEmbedder],
    };
  }
}
