import { escapeHtml, maskNgWords, sanitizeBodyHtml } from '@platform/race-content-data';
import type { BlogDraft } from './blog-writer';

/** The class of the 10-second summary section; thumbnails go right below it. */
export const SUMMARY_CLASS = 'nb-summary';
export const SUMMARY_HEADING = '10秒でわかる要約';

/** Masks prohibited words in every piece of text the draft holds. */
export function screenBlogDraft(draft: BlogDraft, ngWords: readonly string[]): BlogDraft {
  const mask = (text: string) => maskNgWords(text, ngWords);
  return {
    summary: draft.summary.map(mask),
    sections: draft.sections.map((s) => ({ heading: mask(s.heading), paragraphs: s.paragraphs.map(mask) })),
  };
}

/** All the text of a draft, one piece per line: what the NG-word screen reads. */
export function blogDraftText(draft: BlogDraft): string {
  return [...draft.summary, ...draft.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join('\n');
}

/**
 * The blog body: the name as its h2, the 10-second summary as `<section class="nb-summary">` with its h3 and a list,
 * then an h3 and paragraphs per section; text escaped, then sanitized.
 */
export function renderBlogHtml(name: string, draft: BlogDraft): string {
  const summary =
    draft.summary.length > 0
      ? `<section class="${SUMMARY_CLASS}"><h3>${SUMMARY_HEADING}</h3><ul>${draft.summary.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul></section>`
      : '';
  const sections = draft.sections.map(
    (s) => `<h3>${escapeHtml(s.heading)}</h3>${s.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}`,
  );
  return sanitizeBodyHtml(`<h2>${escapeHtml(name)}</h2>${summary}${sections.join('')}`);
}
