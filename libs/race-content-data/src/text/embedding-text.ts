import { Parser } from 'htmlparser2';

/** Elements that end a line of text: their text is kept apart from the next element's. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'li',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'td',
  'th',
  'blockquote',
  'figcaption',
]);

/** The text of an HTML body without its tags: entities decoded, scripts and styles dropped, blocks on their own lines. */
export function htmlText(html: string): string {
  const parts: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentagname: (name) => {
        if (name === 'script' || name === 'style') skipping++;
        if (BLOCKS.has(name)) parts.push('\n');
      },
      onclosetag: (name) => {
        if (name === 'script' || name === 'style') skipping = Math.max(0, skipping - 1);
        if (BLOCKS.has(name)) parts.push('\n');
      },
      ontext: (text) => {
        if (skipping === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * What a blog's or past blog's embedding is computed from: its category, its title and
 * its body without tags, one per line.
 */
export function embeddingTextOf(content: { category: string | null; name: string; bodyHtml: string }): string {
  return [content.category ?? '', content.name, htmlText(content.bodyHtml)].filter(Boolean).join('\n');
}
