/**
 * Where the first `<section class="...className...">` of a body starts and ends (nested sections counted), or
 * undefined when there is none or it never closes. Bodies are sanitized HTML, so tags are well-formed.
 */
export function findSection(html: string, className: string, from = 0): { start: number; end: number } | undefined {
  const open = new RegExp(`<section\\b[^>]*\\bclass="[^"]*\\b${className}\\b[^"]*"[^>]*>`, 'gi');
  open.lastIndex = from;
  const found = open.exec(html);
  if (!found) return undefined;
  const tags = /<(\/?)section\b[^>]*>/gi;
  tags.lastIndex = found.index + found[0].length;
  let depth = 1;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return { start: found.index, end: match.index + match[0].length };
  }
  return undefined;
}

/** The body without any `<section class="...className...">`. */
export function withoutSections(html: string, className: string): string {
  let result = html;
  for (let section = findSection(result, className); section; section = findSection(result, className)) {
    result = result.slice(0, section.start) + result.slice(section.end);
  }
  return result;
}
