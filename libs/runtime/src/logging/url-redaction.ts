import { createHash } from 'node:crypto';

/**
 * What a request log may show of a URL. Login callbacks carry one-time codes and state in their query, and the
 * public scheduling routes carry the candidate's token in their path: whoever reads such a line could act as the
 * user. Secrets are logged as a short, non-reversible fingerprint instead, so one candidate's requests can still
 * be followed from line to line (and across the edge, which fingerprints the same way).
 */
export interface UrlRedaction {
  /** Path patterns with one capture group each: the captured segment is a secret (a scheduling token). */
  secretSegments?: readonly RegExp[];
}

/** Query keys whose values are credentials wherever they appear: OAuth codes and state, tokens, keys, signatures. */
const SECRET_QUERY_KEYS = new Set([
  'code',
  'state',
  'token',
  'access_token',
  'refresh_token',
  'refreshtoken',
  'id_token',
  'api_key',
  'apikey',
  'key',
  'secret',
  'password',
  'signature',
  'x-amz-signature',
  'x-amz-credential',
  'session_state',
]);

/**
 * The first 4 bytes of the SHA-256 of a secret, in hex: Caddy's `hash` log filter writes the same, so the edge's
 * and the app's lines about one token carry the same fingerprint.
 */
export function fingerprint(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 8);
}

const redacted = (secret: string) => `[fp:${fingerprint(secret)}]`;

/** The URL as a log line may show it: secret path segments and secret query values replaced by fingerprints. */
export function redactUrl(url: string, rules: UrlRedaction = {}): string {
  const mark = url.indexOf('?');
  let path = mark === -1 ? url : url.slice(0, mark);
  for (const pattern of rules.secretSegments ?? []) {
    path = path.replace(pattern, (whole: string, secret: string) => whole.replace(secret, redacted(secret)));
  }
  if (mark === -1) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const key = pair.slice(0, equals);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // A key that does not decode is shown as sent; only its value could be a secret.
      }
      return SECRET_QUERY_KEYS.has(name.toLowerCase()) ? `${key}=${redacted(pair.slice(equals + 1))}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}
