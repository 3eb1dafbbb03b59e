import escapeHtml from 'escape-html';
import { DateTime } from 'luxon';

/** The placeholders a template may use (docs/decisions.md, "Email templates and placeholders"). */
export const PLACEHOLDERS = [
  'candidate_name',
  'project_name',
  'scheduling_url',
  'interview_duration_minutes',
  'scheduled_at',
  'interviewer_name',
  'meeting_url',
] as const;

export type Placeholder = (typeof PLACEHOLDERS)[number];

/** Values for one recipient; a placeholder without a value renders empty, with a warning. */
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

export interface RenderedEmail {
  subject: string;
  body: string;
  /** The body is HTML (values were escaped into it). */
  html: boolean;
  warnings: string[];
}

/**
 * `{{`, text without braces, `}}`; the name is the text trimmed. Linear in the text: the inner part cannot cross a
 * brace, so an attempt that fails stops at the next brace, and every character is read a bounded number of times
 * (a body of `{{` and 100,000 spaces renders in about a millisecond). Whitespace is trimmed in code, not matched by
 * `\s*` around a lazy part: those three quantifiers competing for the same spaces made matching cubic.
 */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const KNOWN = new Set<string>(PLACEHOLDERS);
const HTML_TAG =
  /<\/?(a|p|br|div|span|table|tr|td|th|tbody|thead|ul|ol|li|h[1-6]|strong|b|em|i|u|html|body|head|img|hr|blockquote|pre|code|font|center)\b[^<>]*>/i;

/** A body is HTML when it contains an HTML element tag; anything else is plain text. */
export function looksLikeHtml(body: string): boolean {
  return HTML_TAG.test(body);
}

/** The placeholder names a text uses, as rendering reads them (known or not), in order of appearance. */
function placeholderNames(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map(([, inner]) => inner.trim());
}

function substitute(text: string, values: PlaceholderValues, encode: (value: string) => string, warnings: Set<string>): string {
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = inner.trim();
    if (!KNOWN.has(name)) {
      warnings.add(`Unknown placeholder ${whole} was left as it is`);
      return whole;
    }
    const value = values[name as Placeholder];
    if (value === undefined) {
      warnings.add(`{{${name}}} has no value for this candidate and was left empty`);
      return '';
    }
    return encode(value);
  });
}

/**
 * Renders a template for one recipient. Known placeholders are replaced (HTML-escaped when the body is HTML; line
 * breaks removed in the subject), unknown ones stay visible in the text and are listed in warnings, never dropped.
 */
export function renderEmail(template: { subject: string; body: string }, values: PlaceholderValues): RenderedEmail {
  const warnings = new Set<string>();
  const html = looksLikeHtml(template.body);
  const subject = substitute(template.subject, values, (v) => v.replace(/[\r\n]+/g, ' '), warnings);
  const body = substitute(template.body, values, html ? escapeHtml : (v: string) => v, warnings);
  return { subject, body, html, warnings: [...warnings] };
}

/** Adds the scheduling URL to a body that has no {{scheduling_url}}, so an invitation always carries its link. */
export function withSchedulingUrl(template: { subject: string; body: string }): { subject: string; body: string } {
  if (placeholderNames(template.body).includes('scheduling_url')) return template;
  const link = looksLikeHtml(template.body) ? '\n<p><a href="{{scheduling_url}}">{{scheduling_url}}</a></p>' : '\n\n{{scheduling_url}}';
  return { subject: template.subject, body: `${template.body}${link}` };
}

/** An instant as candidates read it: 2026年12月1日(火) 10:00, in the project's time zone. */
export function formatScheduledAt(at: Date, timezone: string): string {
  return DateTime.fromJSDate(at).setZone(timezone).setLocale('ja').toFormat('yyyy年M月d日(ccc) HH:mm');
}
