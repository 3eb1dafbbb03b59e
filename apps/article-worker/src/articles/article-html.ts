import { escapeHtml, maskNgWords, sanitizeBodyHtml } from '@platform/race-content-data';
import type { ArticleDraft } from './article-writer';

/** Masks prohibited words in every piece of text the draft holds. */
export function screenDraft(draft: ArticleDraft, ngWords: readonly string[]): ArticleDraft {
  const mask = (text: string) => maskNgWords(text, ngWords);
  return {
    lead: mask(draft.lead),
    sections: draft.sections.map((s) => ({ heading: mask(s.heading), paragraphs: s.paragraphs.map(mask) })),
  };
}

/** The article body: a lead paragraph, then an h2 and paragraphs per section; text escaped, then sanitized. */
export function renderArticleHtml(draft: ArticleDraft): string {
  const paragraphs = (texts: string[]) => texts.map((t) => `<p>${escapeHtml(t)}</p>`).join('');
  const sections = draft.sections.map((s) => `<h2>${escapeHtml(s.heading)}</h2>${paragraphs(s.paragraphs)}`);
  return sanitizeBodyHtml(`<p class="lead">${escapeHtml(draft.lead)}</p>${sections.join('')}`);
}

/** All the text of a draft, one piece per line: what the fact check and the NG-word screen read. */
export function draftText(draft: ArticleDraft): string {
  return [draft.lead, ...draft.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join('\n');
}
