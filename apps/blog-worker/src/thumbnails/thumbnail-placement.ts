import { escapeHtml, findSection } from '@platform/race-content-data';

/** The class of the thumbnail image in a blog body (`generateBlogThumbnail`). */
export const THUMBNAIL_CLASS = 'nb-thumbnail';

const THUMBNAIL_IMG = /<img\b[^>]*\bclass="[^"]*\bnb-thumbnail\b[^"]*"[^>]*>/gi;
const FIRST_H2 = /<h2(\s[^>]*)?>[\s\S]*?<\/h2\s*>/i;

/**
 * The body with exactly one thumbnail: every earlier `<img class="nb-thumbnail">` is removed, and the new one goes
 * right below the 10-second summary, which is the `<section class="nb-summary">` the blog builder writes; without
 * one, right after the h2; without an h2, at the top.
 */
export function placeThumbnail(bodyHtml: string, src: string, alt: string): string {
  const img = `<img class="${THUMBNAIL_CLASS}" src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" />`;
  const html = bodyHtml.replace(THUMBNAIL_IMG, '');
  const summary = findSection(html, 'nb-summary');
  if (summary) return html.slice(0, summary.end) + img + html.slice(summary.end);
  const h2 = FIRST_H2.exec(html);
  if (h2) return html.slice(0, h2.index + h2[0].length) + img + html.slice(h2.index + h2[0].length);
  return img + html;
}
