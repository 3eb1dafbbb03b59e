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

export interface SanitizeOptions {
  /**
   * The page the body came from (a past blog's source_url): relative image addresses are made absolute against
   * it, so images still load once the body is shown elsewhere. Ignored unless it is an http(s) URL.
   */
  baseUrl?: string | null;
}

/** An image address made absolute against the base; kept as it is when it already is, or cannot be resolved. */
export function absoluteImageSource(src: string, base: URL): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src.trim())) return src;
  try {
    return new URL(src.trim(), base).toString();
  } catch {
    return src;
  }
}

function httpBase(baseUrl: string | null | undefined): URL | undefined {
  if (!baseUrl) return undefined;
  try {
    const url = new URL(baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export function sanitizeBodyHtml(html: string, options: SanitizeOptions = {}): string {
  const base = httpBase(options.baseUrl);
  if (!base) return sanitizeHtml(html, POLICY);
  return sanitizeHtml(html, {
    ...POLICY,
    transformTags: {
      img: (tagName, attribs) => ({
        tagName,
        attribs: attribs.src !== undefined ? { ...attribs, src: absoluteImageSource(attribs.src, base) } : attribs,
      }),
    },
  });
}

/** Text as HTML text: the builder escapes what it writes, then sanitizes the whole body. */
export function escapeHtml(text: string): string {
  return escape(text);
}
