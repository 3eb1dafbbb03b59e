import { Injectable, Logger } from '@nestjs/common';
import { TextEmbedder } from '@platform/ai';
import { embeddingTextOf } from '@platform/race-content-data';

export interface EmbeddedContent {
  category: string | null;
  name: string;
  bodyHtml: string;
}

/**
 * Embeds a blog or past blog from its category, title and body text. Best effort: registration and edits go on
 * without a vector when the provider fails, so this answers undefined then (and logs why).
 */
@Injectable()
export class ContentEmbedder {
  private readonly logger = new Logger(ContentEmbedder.name);

  constructor(private readonly embedder: TextEmbedder) {}

  async embed(content: EmbeddedContent): Promise<number[] | undefined> {
    try {
      return await this.embedder.embed(embeddingTextOf(content));
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'embedding failed; going on without a new vector');
      return undefined;
    }
  }
}
