import { assertCleanInput } from '@platform/runtime';
import { RaceContentError } from '../race-content.errors';

/**
 * A race_id (spec: not shown beyond "required"): 1 to 128 letters, digits and `._:-`, starting with a letter or
 * digit, so that it is safe in a path; a JSON integer is taken as its decimal text.
 */
export const RACE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export const MAX_RACE_NAME_LENGTH = 255;

function invalid(message: string): RaceContentError {
  return new RaceContentError('INVALID_FILE', message);
}

/** The race_id a result or prediction carries, or undefined when it has none that is usable. */
export function raceIdOf(json: Record<string, unknown>): string | undefined {
  const value = json.race_id;
  const text = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
  return typeof text === 'string' && RACE_ID_PATTERN.test(text) ? text : undefined;
}

/** The race's name: the uploaded file's name without its `.json` suffix (any case). */
export function raceNameOf(filename: string): string {
  return filename.replace(/\.json$/i, '');
}

/** The file passes the checks every JSON body passes: clean text (no NUL, no lone surrogates), at most 32 levels deep. */
function assertStorable(json: Record<string, unknown>): void {
  try {
    assertCleanInput(json, 'file');
  } catch (error) {
    throw invalid((error as Error).message);
  }
}

/** A race result upload: its race_id and name, or 400 INVALID_FILE. */
export function readRaceFile(json: Record<string, unknown>, filename: string): { raceId: string; name: string } {
  const raceId = raceIdOf(json);
  if (!raceId) throw invalid('The race result must carry a race_id: 1 to 128 letters, digits or ._:- characters');
  const name = raceNameOf(filename);
  if (name.length === 0 || name.length > MAX_RACE_NAME_LENGTH) {
    throw invalid(`The file name must have 1 to ${MAX_RACE_NAME_LENGTH} characters before .json`);
  }
  assertStorable(json);
  return { raceId, name };
}

/** A prediction upload: its race_id, or 400 INVALID_FILE when it lacks race_id or an entries array. */
export function readPredictionFile(json: Record<string, unknown>): { raceId: string } {
  const raceId = raceIdOf(json);
  if (!raceId) throw invalid('The prediction must carry a race_id: 1 to 128 letters, digits or ._:- characters');
  if (!Array.isArray(json.entries)) throw invalid('The prediction must carry an entries array');
  assertStorable(json);
  return { raceId };
}
