import type { RacingType } from '@platform/race-content-data';

export interface ArticleSection {
  heading: string;
  paragraphs: string[];
}

/** What the generation step writes and the builder step turns into body_html. */
export interface ArticleDraft {
  lead: string;
  sections: ArticleSection[];
}

export interface ArticleRequest {
  title: string;
  racingType: RacingType;
  raceResult: Record<string, unknown>;
  /** Extra instructions of the last regeneration. */
  customPrompt: string | null;
}

/** Writes a result summary article from a race result. The DI token and the port in one. */
export abstract class ArticleWriter {
  abstract write(request: ArticleRequest): Promise<ArticleDraft>;
}
