import escape from 'escape-html';
import sanitizeHtml from 'sanitize-html';

/**
 * The HTML any article or blog body may hold, whether an editor sent it or a worker built it:
 * structure, emphasis, links, images and tables; no scripts, styles, event handlers or frames.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'section',
    'div',
    'span',
    'blockquote',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'class'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
};

export function sanitizeBodyHtml(html: string): string {
  return sanitizeHtml(html, POLICY);
}

/** Text as HTML text: the builder escapes what it writes, then sanitizes the whole body. */
export function escapeHtml(text: string): string {
  return escape(text);
}
