import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { EnumField, IntArrayField, IntField, NestedArrayField, NestedField, TextField, UuidField } from '@platform/contracts';
import { IsObject, ValidateBy, ValidateIf } from 'class-validator';
import { MAX_COLUMNS } from '../tsv-reader';

const ID = { min: 1, max: 2_147_483_647, fromText: true };
const COLUMN = { min: 0, max: MAX_COLUMNS - 1 };

export class FileParams {
  @IntField({ ...ID, description: 'The project id', example: 12 }) projectId!: number;
  @UuidField({ description: 'The uploaded file id (file_id of the upload)' }) fileId!: string;
}

export class ImportStatusParams {
  @IntField({ ...ID, description: 'The project id', example: 12 }) projectId!: number;
  @IntField({ ...ID, description: 'The import log id (importLogId of the execute or survey import answer)', example: 64 })
  importId!: number;
}

@ApiSchema({ description: 'A column of the uploaded file, by position.' })
export class ColumnRefDto {
  @IntField({ ...COLUMN, description: 'The 0-based column index (columns[].index of the upload)', example: 0 }) column_index!: number;
}

@ApiSchema({ description: "Which columns become the candidates' surveyResponses (keyed by column key; empty cells left out)." })
export class SurveyResponsesMappingDto {
  @EnumField(['all_remaining', 'specified'], {
    optional: true,
    default: 'all_remaining',
    description: 'all_remaining: every column the mapping does not use, minus exclude_columns; specified: include_columns only',
  })
  mode?: 'all_remaining' | 'specified';
  @IntArrayField({
    optional: true,
    ...COLUMN,
    maxItems: MAX_COLUMNS,
    description: 'With all_remaining: 0-based indexes of columns to leave out',
    example: [9],
  })
  exclude_columns?: number[];
  @IntArrayField({
    optional: true,
    ...COLUMN,
    maxItems: MAX_COLUMNS,
    description: 'With specified: 0-based indexes of the only columns to keep',
    example: [7, 8],
  })
  include_columns?: number[];
}

const ATTRIBUTE_MAPPING = {
  oneOf: [
    {
      type: 'object',
      required: ['type', 'column_index'],
      description: 'Takes the cell of one column as the value',
      properties: {
        type: { type: 'string', enum: ['direct'], description: 'direct: the cell as is' },
        column_index: {
          type: 'integer',
          minimum: 0,
          maximum: MAX_COLUMNS - 1,
          description: 'The 0-based index of the column to read',
          example: 4,
        },
      },
    },
    {
      type: 'object',
      required: ['type', 'columns', 'mapping'],
      description: 'Collapses one-column-per-option columns into the value of the first selected one',
      properties: {
        type: { type: 'string', enum: ['single_select'], description: 'single_select: one value out of option columns' },
        columns: {
          type: 'array',
          minItems: 1,
          maxItems: 500,
          items: { type: 'integer', minimum: 0, maximum: MAX_COLUMNS - 1 },
          description: 'The 0-based indexes of the option columns, in order',
          example: [5, 6],
        },
        mapping: {
          description:
            'A lookup table of column index (as a key) to the value, or first_selected (the header of the first selected column)',
          oneOf: [
            { type: 'object', additionalProperties: { type: 'string', maxLength: 1000 } },
            { type: 'string', enum: ['first_selected'] },
          ],
        },
      },
    },
  ],
};

/** attributes: field name to a direct or single_select definition (checked against the file by the service). */
function AttributesField(): PropertyDecorator {
  return applyDecorators(
    ValidateIf((_, value) => value !== undefined),
    IsObject(),
    ApiProperty({
      required: false,
      type: 'object',
      additionalProperties: ATTRIBUTE_MAPPING,
      description:
        'Attribute name (1 to 255 characters, at most 200) to a mapping: direct takes the cell as is; single_select collapses option ' +
        'columns into one value (a column is selected when its cell is non-empty and not 0; the first selected wins).',
      example: {
        age: { type: 'direct', column_index: 4 },
        gender: { type: 'single_select', columns: [5, 6], mapping: { '5': '男性', '6': '女性' } },
      },
    } as never),
  );
}

@ApiSchema({ description: "How the uploaded file's columns become candidates: the person fields, attributes and survey responses." })
export class FileMappingDto {
  @NestedField(() => ColumnRefDto, {
    description: "The column holding the person's id (required in every row)",
    example: { column_index: 0 },
  })
  external_user_id!: ColumnRefDto;
  @NestedField(() => ColumnRefDto, { description: 'The column holding the full name', example: { column_index: 1 } })
  name!: ColumnRefDto;
  @NestedField(() => ColumnRefDto, { description: 'The column holding the email address', example: { column_index: 2 } })
  email!: ColumnRefDto;
  @NestedField(() => ColumnRefDto, {
    optional: true,
    description: 'The column holding the phone number; absent: none',
    example: { column_index: 3 },
  })
  phone?: ColumnRefDto;
  @AttributesField() attributes?: Record<string, unknown>;
  @NestedField(() => SurveyResponsesMappingDto, {
    optional: true,
    description: 'Which columns are stored as survey responses; absent: none are',
    example: { mode: 'all_remaining', exclude_columns: [9] },
  })
  survey_responses?: SurveyResponsesMappingDto;
}

@ApiSchema({ description: 'The body of POST .../candidates/import/{fileId}/execute: the mapping to import the uploaded file with.' })
export class ExecuteImportDto {
  @NestedField(() => FileMappingDto, { description: "How the file's columns map to candidate fields (suggested_mapping is a start)" })
  mapping!: FileMappingDto;
}

@ApiSchema({ description: 'Where a person field is read from in a survey: the answer to one question.' })
export class SurveyFieldMappingDto {
  @EnumField(['direct'], { description: 'direct: the answer as text' }) type!: 'direct';
  @TextField({
    min: 1,
    max: 1000,
    description: 'The question text whose answer is taken (a matrix item as `question|||item`)',
    example: '回答者ID',
  })
  sourceField!: string;
}

@ApiSchema({ description: "Which survey questions give each respondent's id, name and email." })
export class SurveyImportMappingDto {
  @NestedField(() => SurveyFieldMappingDto, {
    description: "The question whose answer is the person's id (a respondent without one is a row error)",
    example: { type: 'direct', sourceField: '回答者ID' },
  })
  externalUserId!: SurveyFieldMappingDto;
  @NestedField(() => SurveyFieldMappingDto, {
    description: 'The question whose answer is the full name',
    example: { type: 'direct', sourceField: 'お名前' },
  })
  name!: SurveyFieldMappingDto;
  @NestedField(() => SurveyFieldMappingDto, {
    description: 'The question whose answer is the email address',
    example: { type: 'direct', sourceField: 'メールアドレス' },
  })
  email!: SurveyFieldMappingDto;
}

/** A text of at most 1,000 characters or a finite number. */
function ScalarField(): PropertyDecorator {
  return applyDecorators(
    ValidateBy({
      name: 'isScalar',
      validator: {
        validate: (value: unknown) =>
          (typeof value === 'string' && value.length <= 1000) || (typeof value === 'number' && Number.isFinite(value)),
        defaultMessage: () => 'value must be a text of at most 1000 characters or a number',
      },
    }),
    ApiProperty({
      oneOf: [{ type: 'string', maxLength: 1000 }, { type: 'number' }],
      description: 'The answer to look for, compared as text (on a multi-select, one of the chosen options)',
      example: '参加したい',
    }),
  );
}

@ApiSchema({ description: 'A filter condition: the answer to a question equals a value.' })
export class SurveyFilterConditionDto {
  @TextField({ min: 1, max: 1000, description: 'A question text of the survey', example: 'インタビュー参加への関心' }) field!: string;
  @EnumField(['equals'], { description: 'equals: the answer, as text, is the value' }) operator!: 'equals';
  @ScalarField() value!: string | number;
}

@ApiSchema({ description: 'Which respondents a survey import reads: those whose answers meet every condition.' })
export class SurveyFilterDto {
  @NestedArrayField(() => SurveyFilterConditionDto, {
    maxItems: 20,
    description: 'The conditions, all of which must hold; empty keeps everyone',
  })
  conditions!: SurveyFilterConditionDto[];
  @EnumField(['and'], { optional: true, default: 'and', description: 'and: every condition must hold (the only choice)' }) logic?: 'and';
}

@ApiSchema({ description: "The body of POST .../candidates/import/survey: import a survey's respondents as candidates." })
export class SurveyImportDto {
  @TextField({ min: 1, max: 255, description: 'The warehouse survey id (GET /surveys)', example: 'svy-2026-usage' }) surveyId!: string;
  @NestedField(() => SurveyImportMappingDto, { description: "Which questions give each respondent's id, name and email" })
  mapping!: SurveyImportMappingDto;
  @NestedField(() => SurveyFilterDto, { optional: true, description: 'Respondents whose answers equal every condition' })
  filter?: SurveyFilterDto;
}

@ApiSchema({ description: 'The body of POST .../candidates/import/survey/preview: a survey import to try without writing anything.' })
export class SurveyImportPreviewDto extends SurveyImportDto {
  @IntField({ optional: true, min: 1, max: 100, default: 10, description: 'How many filtered respondents sampleData shows' })
  sampleSize?: number;
}

/** A suggested column of the upload answer (a ColumnRefDto written out), described for the field it holds. */
export const columnRef = (description: string, example: number) =>
  ({
    type: 'object',
    required: ['column_index'],
    description,
    properties: { column_index: { type: 'integer', description: 'The 0-based column index (columns[].index)', example } },
  }) as never;

export const IMPORT_STATUSES = ['pending', 'processing', 'completed', 'partial', 'failed'] as const;
