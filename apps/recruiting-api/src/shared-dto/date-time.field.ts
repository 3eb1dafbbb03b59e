import { TextField } from '@platform/contracts';
import { DATE_TIME_PATTERN } from '../domain/date-time';

interface DocumentedOptions {
  optional?: boolean;
  description?: string;
  example?: string;
}

/** An ISO 8601 date-time with offset, as text (checked for a real instant by the service). */
export const DateTimeField = (options: DocumentedOptions = {}) =>
  TextField({
    ...options,
    max: 40,
    pattern: DATE_TIME_PATTERN,
    patternMessage: 'must be an ISO 8601 date-time with an offset (Z or ±hh:mm)',
    format: 'date-time',
  });

/** A day `YYYY-MM-DD`, as text (read in the project's time zone by the service, which checks it is a real day). */
export const DayField = (options: DocumentedOptions = {}) =>
  TextField({ ...options, max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, patternMessage: 'must be a date YYYY-MM-DD', format: 'date' });
