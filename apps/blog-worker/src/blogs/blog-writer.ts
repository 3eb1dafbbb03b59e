import type { RacingType } from '@platform/race-content-data';

export interface BlogSection {
  heading: string;
  paragraphs: string[];
}

/** What a blog writer produces; the builder turns it into body_html under the blog's name as h2. */
export interface BlogDraft {
  /** The 10-second summary: a few short points shown first. */
  summary: string[];
  sections: BlogSection[];
}

/** The past blog a rewrite starts from. */
export interface RewriteSource {
  name: string;
  category: string | null;
  /** Its body as text, one block per line. */
  text: string;
}

export type BlogRequest =
  | { kind: 'recap'; name: string; racingType: RacingType; raceResult: Record<string, unknown> }
  | { kind: 'prediction'; name: string; racingType: RacingType; raceResult: Record<string, unknown>; prediction: Record<string, unknown> }
  /** A rewrite of a past blog; with a race it adds the race analysis, without one it only preserves the content. */
  | { kind: 'rewrite'; name: string; source: RewriteSource; race: { racingType: RacingType; raceResult: Record<string, unknown> } | null };

/** Writes blogs from race data or past blogs. The DI token and the port in one. */
export abstract class BlogWriter {
  abstract write(request: BlogRequest): Promise<BlogDraft>;
}
