import { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { DecodeError, DETECT_BYTES, type DetectedEncoding, detectEncoding, StrictDecodeStream } from '../../domain/tsv-encoding';

/** Longest record (one data row, quoted newlines included) the parser holds: 1 MiB of text. */
export const MAX_RECORD_CHARACTERS = 1 << 20;
/** Most columns a file may have. */
export const MAX_COLUMNS = 2000;
/**
 * The bytes go to the decoder and the parser in pieces of this size: csv-parse parses a piece in one synchronous
 * run, and a stored 1 MiB chunk (some 7,000 rows) kept the event loop from the import's database round trips for
 * about 50 ms at a time.
 */
export const PARSE_PIECE_BYTES = 64 * 1024;

/** The file is not a TSV this service reads (does not decode, a quote never closes, no header). */
export class TsvError extends Error {
  override readonly name = 'TsvError';
}

export interface OpenTsv {
  detected: DetectedEncoding;
  /** Every record, header first, as arrays of cells; empty lines skipped. */
  records: AsyncIterable<string[]>;
}

/**
 * A stream of file bytes to its records: the encoding is detected from the first bytes, the bytes decoded strictly
 * chunk by chunk (iconv-lite for UTF-16, the WHATWG decoder for UTF-8) into csv-parse with tab as the delimiter,
 * double-quoted fields (holding tabs and line breaks), CRLF or LF. Only the chunk in hand and one record are held.
 * Iterating rejects with TsvError when the file does not decode or parse.
 */
export async function openTsv(source: AsyncIterable<Buffer>): Promise<OpenTsv> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < DETECT_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  const first = Buffer.concat(head);
  const detected = detectEncoding(first);
  async function* bytes(): AsyncGenerator<Buffer> {
    if (first.length > 0) yield* pieces(first);
    while (!done) {
      const next = await iterator.next();
      if (next.done) break;
      yield* pieces(next.value);
    }
  }
  const parser = parse({
    delimiter: '\t',
    quote: '"',
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARACTERS,
  });
  pipeline(Readable.from(bytes(), { objectMode: false }), new StrictDecodeStream(detected), parser, () => undefined);
  async function* records(): AsyncGenerator<string[]> {
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        if (record.length > MAX_COLUMNS) throw new TsvError(`A row has more than ${MAX_COLUMNS} columns`);
        yield record;
      }
    } catch (error) {
      if (error instanceof DecodeError) throw new TsvError(error.message);
      if (error instanceof CsvError) throw new TsvError(`The file is not a readable tab-separated file: ${error.message.slice(0, 200)}`);
      throw error;
    } finally {
      parser.destroy();
    }
  }
  return { detected, records: records() };
}

function* pieces(chunk: Buffer): Generator<Buffer> {
  for (let at = 0; at < chunk.length; at += PARSE_PIECE_BYTES) yield chunk.subarray(at, at + PARSE_PIECE_BYTES);
}

export interface TsvSummary {
  detected: DetectedEncoding;
  headers: string[];
  rowCount: number;
  /** Per column, up to five distinct non-empty values, in order of appearance. */
  samples: string[][];
  /** The first data rows. */
  preview: string[][];
}

export const PREVIEW_ROWS = 10;
const SAMPLES = 5;

/** Reads a whole file once: header, row count, sample values and the first rows. TsvError for no header. */
export async function summarizeTsv(source: AsyncIterable<Buffer>): Promise<TsvSummary> {
  const { detected, records } = await openTsv(source);
  let headers: string[] | undefined;
  let rowCount = 0;
  let samples: Array<Set<string>> = [];
  let open = 0;
  const preview: string[][] = [];
  for await (const record of records) {
    if (headers === undefined) {
      if (record.every((cell) => cell.trim() === '')) throw new TsvError('The file has no header row');
      headers = record.map((cell) => cell.trim());
      samples = headers.map(() => new Set<string>());
      open = headers.length;
      continue;
    }
    rowCount++;
    if (preview.length < PREVIEW_ROWS) preview.push(record);
    if (open > 0) {
      for (let i = 0; i < samples.length; i++) {
        const set = samples[i];
        if (set.size >= SAMPLES) continue;
        const value = (record[i] ?? '').trim();
        if (value !== '' && !set.has(value)) {
          set.add(value.slice(0, 200));
          if (set.size === SAMPLES) open--;
        }
      }
    }
  }
  if (headers === undefined) throw new TsvError('The file is empty: it has no header row');
  return { detected, headers, rowCount, samples: samples.map((s) => [...s]), preview };
}
