import escapeHtml from 'escape-html';

/** What the email log shows where a mail carried a secret (the candidate's scheduling token). */
export const SECRET_MARKER = '[token]';

/**
 * The spellings a secret can take in rendered text: as it is, HTML-escaped (a value in an HTML body), percent-encoded
 * (a value put into a URL) and both; longest first, so no spelling is cut by a shorter one.
 */
function spellings(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  return [...new Set([secret, escapeHtml(secret), encoded, escapeHtml(encoded)])].sort((a, b) => b.length - a.length);
}

/**
 * The text with every occurrence of each secret, in any of its spellings, replaced by the marker. Masking works from
 * the secret's value, not from the shape of a link, so it finds the secret wherever a template put it. Linear in the
 * text per secret (plain substring search, no pattern).
 */
export function maskSecrets(text: string, secrets: readonly string[], marker = SECRET_MARKER): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === '') continue;
    for (const spelling of spellings(secret)) out = out.split(spelling).join(marker);
  }
  return out;
}

/** A rendered mail as the email log keeps it: subject and body as sent, each secret replaced by the marker. */
export function maskedForLog<T extends { subject: string; body: string }>(mail: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return mail;
  return { ...mail, subject: maskSecrets(mail.subject, secrets), body: maskSecrets(mail.body, secrets) };
}
