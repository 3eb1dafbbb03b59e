import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { columnRef, IMPORT_STATUSES } from './imports.dto';

@ApiSchema({ description: 'The uploaded file as stored: name, size and number of data rows.' })
export class ImportFileInfo {
  @ApiProperty({ description: 'The file name as uploaded', example: 'interview_candidates_202612.tsv' }) name!: string;
  @ApiProperty({ type: 'integer', description: 'Size of the file, in bytes', example: 1048576 }) size!: number;
  @ApiProperty({ type: 'integer', description: 'Data rows (the header not counted)', example: 2000 }) rowCount!: number;
}

@ApiSchema({ description: 'A column of the uploaded file, with a few of its values.' })
export class ImportColumn {
  @ApiProperty({ type: 'integer', description: 'The 0-based column index, as mappings name it', example: 2 }) index!: number;
  @ApiProperty({ description: 'The header, trimmed', example: 'メールアドレス' }) name!: string;
  @ApiProperty({
    type: [String],
    description: 'Up to five distinct non-empty values from the whole file',
    example: ['sato.12@example.jp', 'tanaka.48@example.jp'],
  })
  sampleValues!: string[];
}

@ApiSchema({ description: 'An uploaded tab-separated file, summarized for building the import mapping; kept 24 hours.' })
export class ImportUploadResponse {
  @ApiProperty({ format: 'uuid', description: 'The uploaded file id, for re-reading and executing the import' }) file_id!: string;
  @ApiProperty({ type: () => ImportFileInfo }) file_info!: ImportFileInfo;
  @ApiProperty({ type: () => [ImportColumn], description: 'Every column of the file, in order' }) columns!: ImportColumn[];
  @ApiProperty({
    type: 'object',
    description: 'Guessed from the headers (Japanese and English); the fields found, usable as the execute mapping',
    required: ['survey_responses'],
    properties: {
      external_user_id: columnRef("The column that looks like the person's id; absent when none was found", 0),
      name: columnRef('The column that looks like the full name; absent when none was found', 1),
      email: columnRef('The column that looks like the email address; absent when none was found', 2),
      phone: columnRef('The column that looks like the phone number; absent when none was found', 3),
      survey_responses: {
        type: 'object',
        required: ['mode'],
        description: 'Every other column becomes a survey response',
        properties: { mode: { type: 'string', enum: ['all_remaining'], description: 'all_remaining: the columns not mapped above' } },
      },
    },
  })
  suggested_mapping!: Record<string, unknown>;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: { type: 'string' } },
    description: 'The first 10 data rows keyed by column name (a repeated or empty header made unique)',
    example: [{ 会員ID: 'M000123', 氏名: '田中 結衣', メールアドレス: 'tanaka.48@example.jp', 電話番号: '090-1234-5678' }],
  })
  preview!: Array<Record<string, string>>;
  @ApiProperty({
    format: 'date-time',
    description: 'When the stored file is deleted (24 hours after the upload, ISO 8601)',
    example: '2026-11-06T02:00:00.000Z',
  })
  expires_at!: string;
}

@ApiSchema({ description: 'An import accepted and queued; follow it with GET .../candidates/import/{importId}/status.' })
export class ImportAcceptedResponse {
  @ApiProperty({ type: 'integer', description: 'The import log id, for the status route', example: 64 }) importLogId!: number;
  @ApiProperty({ enum: ['processing'], description: 'Always processing: the job runs in the background' }) status!: 'processing';
}

@ApiSchema({ description: 'A row that was not imported, and why.' })
export class ImportRowError {
  @ApiProperty({
    type: 'integer',
    description: '1-based data row (file) or respondent position (survey); the header not counted',
    example: 128,
  })
  row!: number;
  @ApiProperty({ description: 'The row’s id cell (file) or panel id (survey); empty when missing', example: 'M000250' })
  respondentId!: string;
  @ApiProperty({
    description: 'The field at fault (file: external_user_id, name, email, phone; survey: externalUserId, ...)',
    example: 'email',
  })
  field!: string;
  @ApiProperty({ description: 'What is wrong, in English', example: 'Not an email address: tanaka.48@example' }) message!: string;
}

@ApiSchema({ description: 'Where an import stands: its counts so far, its errors and, once done, its outcome.' })
export class ImportStatusResponse {
  @ApiProperty({ type: 'integer', description: 'The import log id', example: 64 }) importLogId!: number;
  @ApiProperty({ enum: ['file', 'survey'], description: 'file: from an uploaded file; survey: from a warehouse survey' }) kind!: string;
  @ApiProperty({
    enum: IMPORT_STATUSES,
    example: 'partial',
    description:
      'completed: no row had an error; partial: some rows had errors, others got in; failed: no row got in or the job could not run',
  })
  status!: string;
  @ApiProperty({ type: 'integer', description: 'New participation records', example: 1950 }) importedCount!: number;
  @ApiProperty({ type: 'integer', description: 'Rows not imported: duplicates and rows with errors', example: 50 }) skippedCount!: number;
  @ApiProperty({ type: 'integer', description: 'Rows with at least one error', example: 12 }) errorCount!: number;
  @ApiProperty({ type: 'integer', description: 'Ids seen before in the file or already in the project', example: 38 })
  duplicateCount!: number;
  @ApiProperty({ type: 'integer', description: 'Rows (or respondents) processed so far', example: 2000 }) processedRows!: number;
  @ApiProperty({ type: () => [ImportRowError], description: 'The first 1,000 row errors, by row' }) errors!: ImportRowError[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why the import failed as a whole (e.g. "No row could be imported"); null unless status is failed',
    example: null,
  })
  failure!: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the import was requested (ISO 8601)', example: '2026-11-05T02:00:05.000Z' })
  createdAt!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the import ended (ISO 8601); null while it runs',
    example: '2026-11-05T02:00:12.000Z',
  })
  finishedAt!: string | null;
}

@ApiSchema({ description: 'A sampled respondent as the survey import would map it.' })
export class SurveySampleRow {
  @ApiProperty({ type: String, nullable: true, description: 'The id answer; null when not answered', example: 'R100042' })
  externalUserId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The name answer; null when not answered', example: '鈴木 美咲' })
  name!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The email answer; null when not answered', example: 'suzuki.42@example.jp' })
  email!: string | null;
}

@ApiSchema({ description: 'A dry run of a survey import: how many respondents it would read, a mapped sample and warnings.' })
export class SurveyImportPreviewResponse {
  @ApiProperty({ description: 'The warehouse survey id', example: 'svy-2026-usage' }) surveyId!: string;
  @ApiProperty({ type: 'integer', description: 'Respondents before filtering', example: 2000 }) totalRespondents!: number;
  @ApiProperty({ type: 'integer', description: 'Respondents the filter keeps (the import reads these)', example: 640 })
  filteredRespondents!: number;
  @ApiProperty({ type: () => [SurveySampleRow], description: 'The first sampleSize filtered respondents, in import order' })
  sampleData!: SurveySampleRow[];
  @ApiProperty({
    type: [String],
    description: 'Problems found in the sample (no match, missing ids, invalid emails, repeated ids); empty when none',
    example: ['1 of 10 sampled respondents have an invalid email address: they would be skipped as errors'],
  })
  warnings!: string[];
}
