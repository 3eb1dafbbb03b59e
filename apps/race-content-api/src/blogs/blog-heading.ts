import { escapeHtml } from '@platform/race-content-data';

const FIRST_H2 = /<h2(\s[^>]*)?>[\s\S]*?<\/h2\s*>/i;

/**
 * The body with its h2 heading saying `name` (a blog's name is also the h2 of its body): the first h2
 * gets the name as its text, keeping its attributes; a body without one gets it in front.
 */
export function withHeading(bodyHtml: string, name: string): string {
  const heading = (attributes = '') => `<h2${attributes}>${escapeHtml(name)}</h2>`;
  if (FIRST_H2.test(bodyHtml)) return bodyHtml.replace(FIRST_H2, (_, attributes?: string) => heading(attributes ?? ''));
  return `${heading()}${bodyHtml}`;
}
