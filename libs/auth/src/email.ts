/**
 * The addresses the platform accepts as identities: plain addresses, taken as they are written, never decoded. A
 * conservative subset of RFC 5321/5322:
 * - one `@`; a local part of 1 to 64 characters, dot-separated atoms of letters, digits and ! # $ & ' * + / = ? ^ _ ` { | } ~ -
 *   (RFC 5322 atext without `%`: a percent sign is how encodings smuggle other characters in);
 * - a domain of 2 to 127 labels, each 1 to 63 letters, digits and inner hyphens;
 * - at most 254 characters in all, ASCII only: no spaces, control characters, quoted local parts, comments or
 *   address literals.
 * Emails compare case-insensitively, so callers fold them to lower case (`plainEmail`).
 */
const LOCAL_ATOM = /^[A-Za-z0-9!#$&'*+/=?^_`{|}~-]+$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const MAX_EMAIL_LENGTH = 254;

export function isPlainEmail(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_EMAIL_LENGTH) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  return (
    local.length <= 64 &&
    local.split('.').every((atom) => LOCAL_ATOM.test(atom)) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label))
  );
}

/** The address folded to lower case when it is a plain address (isPlainEmail), nothing else altered; undefined otherwise. */
export function plainEmail(value: unknown): string | undefined {
  return isPlainEmail(value) ? value.toLowerCase() : undefined;
}
