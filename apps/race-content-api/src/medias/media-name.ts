import { ValidateBy } from 'class-validator';

/** The longest media name (it is also the object key, below S3's 1,024 bytes even in 4-byte characters). */
export const MAX_MEDIA_NAME_LENGTH = 200;

/** Objects of media live under this prefix of the bucket. */
export const MEDIA_KEY_PREFIX = 'medias/';

/**
 * What is wrong with a media name, if anything. A name is an object key: no path separators (so no traversal
 * and no folders), not `.` or `..`, no control or bidirectional-override characters, no surrounding spaces, 1 to
 * 200 characters.
 */
export function mediaNameProblem(name: string): string | undefined {
  const length = [...name].length;
  if (length === 0 || length > MAX_MEDIA_NAME_LENGTH) return `must have 1 to ${MAX_MEDIA_NAME_LENGTH} characters`;
  if (/[/\\]/.test(name)) return 'must not contain / or \\';
  if (name === '.' || name === '..') return 'must not be . or ..';
  if (/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/u.test(name)) return 'must not contain control characters';
  if (name.trim() !== name) return 'must not start or end with spaces';
  return undefined;
}

/** The object key of a media name. */
export function mediaKeyOf(name: string): string {
  return `${MEDIA_KEY_PREFIX}${name}`;
}

/** class-validator rule: a usable media name (mediaNameProblem finds nothing). */
export function IsMediaName(): PropertyDecorator {
  return ValidateBy({
    name: 'isMediaName',
    validator: {
      validate: (value) => typeof value === 'string' && mediaNameProblem(value) === undefined,
      defaultMessage: (args) => `${args?.property} ${typeof args?.value === 'string' ? mediaNameProblem(args.value) : 'must be a string'}`,
    },
  });
}
