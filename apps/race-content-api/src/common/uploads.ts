import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { FileInterceptor, FileStreamInterceptor, type UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { assertJsonShape, type SchemaObject } from '@platform/runtime';
import { RaceContentError } from '../race-content.errors';

export type { MultipartFileStream, UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';

/** Largest race result or prediction file: 10 MiB (413 above it). */
export const JSON_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Limits on the text fields of every multipart form: a few short fields, one file. */
export const FORM_LIMITS = { files: 1, fields: 8, parts: 9, fieldSize: 16 * 1024, fieldNameSize: 100 } as const;

/** The multipart body of an operation in the OpenAPI document (OpenAPI 3.0 allows no empty `required` list). */
function multipartBody(properties: Record<string, SchemaObject>, required: string[], description: string) {
  const schema: SchemaObject = { type: 'object', properties, ...(required.length ? { required } : {}) };
  return applyDecorators(ApiConsumes('multipart/form-data'), ApiBody({ description, schema }));
}

export const FILE_PROPERTY: SchemaObject = { type: 'string', format: 'binary' };

/**
 * A multipart form with a small JSON file in `file`, read into memory (at most JSON_FILE_MAX_BYTES) with its
 * text fields in the body. File names are read as UTF-8 (race names are Japanese).
 */
export function JsonFileForm(properties: Record<string, SchemaObject>, required: string[], description: string) {
  return applyDecorators(
    UseInterceptors(FileInterceptor('file', { limits: { ...FORM_LIMITS, fileSize: JSON_FILE_MAX_BYTES }, defParamCharset: 'utf8' })),
    multipartBody(properties, required, description),
  );
}

/**
 * A multipart form whose `file` is streamed to the handler, never held whole; its text fields must come
 * before the file. The size limit is the module's (MultipartModule.register); above it the stream fails with 413.
 */
export function StreamedFileForm(properties: Record<string, SchemaObject>, required: string[], description: string) {
  return applyDecorators(
    UseInterceptors(FileStreamInterceptor('file', { limits: { ...FORM_LIMITS }, defParamCharset: 'utf8' })),
    multipartBody(properties, required, description),
  );
}

/** The uploaded file, or 400 INVALID_FILE when the form carries none. */
export function requireFile<T>(file: T | undefined): T {
  if (!file) throw new RaceContentError('INVALID_FILE', 'The form must carry a file in the field "file"');
  return file;
}

/** The JSON object a file holds, or 400 INVALID_FILE. */
export function jsonObjectOf(file: UploadedMultipartFile): Record<string, unknown> {
  const text = (file.buffer ?? Buffer.alloc(0)).toString('utf8').replace(/^\uFEFF/, '');
  try {
    // Depth and width first, as for every JSON body, so that JSON.parse never builds what would be refused.
    assertJsonShape(text, 'file');
  } catch (error) {
    throw new RaceContentError('INVALID_FILE', (error as Error).message);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RaceContentError('INVALID_FILE', 'The file is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new RaceContentError('INVALID_FILE', 'The file must hold a JSON object');
  }
  return value as Record<string, unknown>;
}
