import { ApiProperty } from '@nestjs/swagger';
import { COLUMN_REF, IMPORT_STATUSES } from './imports.dto';

export class ImportFileInfo {
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer', description: 'Bytes' }) size!: number;
  @ApiProperty({ type: 'integer', description: 'Data rows (the header not counted)' }) rowCount!: number;
}

export class ImportColumn {
  @ApiProperty({ type: 'integer' }) index!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [String], description: 'Up to five distinct non-empty values' }) sampleValues!: string[];
}

export class ImportUploadResponse {
  @ApiProperty({ format: 'uuid' }) file_id!: string;
  @ApiProperty({ type: () => ImportFileInfo }) file_info!: ImportFileInfo;
  @ApiProperty({ type: () => [ImportColumn] }) columns!: ImportColumn[];
  @ApiProperty({
    type: 'object',
    description: 'Guessed from the headers (Japanese and English); the fields found, usable as the execute mapping',
    required: ['survey_responses'],
    properties: {
      external_user_id: COLUMN_REF,
      name: COLUMN_REF,
      email: COLUMN_REF,
      phone: COLUMN_REF,
      survey_responses: { type: 'object', required: ['mode'], properties: { mode: { type: 'string', enum: ['all_remaining'] } } },
    },
  })
  suggested_mapping!: Record<string, unknown>;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: { type: 'string' } },
    description: 'The first 10 data rows keyed by column name (a repeated or empty header made unique)',
  })
  preview!: Array<Record<string, string>>;
  @ApiProperty({ format: 'date-time' }) expires_at!: string;
}

export class ImportAcceptedResponse {
  @ApiProperty({ type: 'integer' }) importLogId!: number;
  @ApiProperty({ enum: ['processing'] }) status!: 'processing';
}

export class ImportRowError {
  @ApiProperty({ type: 'integer', description: '1-based data row (file) or respondent position (survey); the header not counted' })
  row!: number;
  @ApiProperty({ description: 'The row’s id cell (file) or panel id (survey); empty when missing' }) respondentId!: string;
  @ApiProperty() field!: string;
  @ApiProperty() message!: string;
}

export class ImportStatusResponse {
  @ApiProperty({ type: 'integer' }) importLogId!: number;
  @ApiProperty({ enum: ['file', 'survey'] }) kind!: string;
  @ApiProperty({ enum: IMPORT_STATUSES }) status!: string;
  @ApiProperty({ type: 'integer', description: 'New participation records' }) importedCount!: number;
  @ApiProperty({ type: 'integer', description: 'Rows not imported: duplicates and rows with errors' }) skippedCount!: number;
  @ApiProperty({ type: 'integer', description: 'Rows with at least one error' }) errorCount!: number;
  @ApiProperty({ type: 'integer', description: 'Ids seen before in the file or already in the project' }) duplicateCount!: number;
  @ApiProperty({ type: 'integer', description: 'Rows (or respondents) processed so far' }) processedRows!: number;
  @ApiProperty({ type: () => [ImportRowError], description: 'The first 1,000 row errors, by row' }) errors!: ImportRowError[];
  @ApiProperty({ type: String, nullable: true, description: 'Why the import failed as a whole' }) failure!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;
}

export class SurveySampleRow {
  @ApiProperty({ type: String, nullable: true }) externalUserId!: string | null;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
}

export class SurveyImportPreviewResponse {
  @ApiProperty() surveyId!: string;
  @ApiProperty({ type: 'integer', description: 'Respondents before filtering' }) totalRespondents!: number;
  @ApiProperty({ type: 'integer', description: 'Respondents the filter keeps (the import reads these)' }) filteredRespondents!: number;
  @ApiProperty({ type: () => [SurveySampleRow] }) sampleData!: SurveySampleRow[];
  @ApiProperty({ type: [String] }) warnings!: string[];
}
