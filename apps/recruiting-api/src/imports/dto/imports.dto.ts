import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { EnumField, IntArrayField, IntField, NestedArrayField, NestedField, TextField, UuidField } from '@platform/contracts';
import { IsObject, ValidateBy, ValidateIf } from 'class-validator';
import { MAX_COLUMNS } from '../tsv-reader';

const ID = { min: 1, max: 2_147_483_647, fromText: true };
const COLUMN = { min: 0, max: MAX_COLUMNS - 1 };

export class FileParams {
  @IntField(ID) projectId!: number;
  @UuidField({ description: 'The uploaded file id (file_id of the upload)' }) fileId!: string;
}

export class ImportStatusParams {
  @IntField(ID) projectId!: number;
  @IntField({ ...ID, description: 'The import log id' }) importId!: number;
}

export class ColumnRefDto {
  @IntField({ ...COLUMN, description: 'The 0-based column index' }) column_index!: number;
}

export class SurveyResponsesMappingDto {
  @EnumField(['all_remaining', 'specified'], {
    optional: true,
    default: 'all_remaining',
    description: 'all_remaining: every column the mapping does not use, minus exclude_columns; specified: include_columns only',
  })
  mode?: 'all_remaining' | 'specified';
  @IntArrayField({ optional: true, ...COLUMN, maxItems: MAX_COLUMNS }) exclude_columns?: number[];
  @IntArrayField({ optional: true, ...COLUMN, maxItems: MAX_COLUMNS }) include_columns?: number[];
}

const ATTRIBUTE_MAPPING = {
  oneOf: [
    {
      type: 'object',
      required: ['type', 'column_index'],
      properties: { type: { type: 'string', enum: ['direct'] }, column_index: { type: 'integer', minimum: 0, maximum: MAX_COLUMNS - 1 } },
    },
    {
      type: 'object',
      required: ['type', 'columns', 'mapping'],
      properties: {
        type: { type: 'string', enum: ['single_select'] },
        columns: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer', minimum: 0, maximum: MAX_COLUMNS - 1 } },
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
    } as never),
  );
}

export class FileMappingDto {
  @NestedField(() => ColumnRefDto) external_user_id!: ColumnRefDto;
  @NestedField(() => ColumnRefDto) name!: ColumnRefDto;
  @NestedField(() => ColumnRefDto) email!: ColumnRefDto;
  @NestedField(() => ColumnRefDto, { optional: true }) phone?: ColumnRefDto;
  @AttributesField() attributes?: Record<string, unknown>;
  @NestedField(() => SurveyResponsesMappingDto, { optional: true }) survey_responses?: SurveyResponsesMappingDto;
}

export class ExecuteImportDto {
  @NestedField(() => FileMappingDto) mapping!: FileMappingDto;
}

export class SurveyFieldMappingDto {
  @EnumField(['direct']) type!: 'direct';
  @TextField({ min: 1, max: 1000, description: 'The question text whose answer is taken (a matrix item as `question|||item`)' })
  sourceField!: string;
}

export class SurveyImportMappingDto {
  @NestedField(() => SurveyFieldMappingDto) externalUserId!: SurveyFieldMappingDto;
  @NestedField(() => SurveyFieldMappingDto) name!: SurveyFieldMappingDto;
  @NestedField(() => SurveyFieldMappingDto) email!: SurveyFieldMappingDto;
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
    ApiProperty({ oneOf: [{ type: 'string', maxLength: 1000 }, { type: 'number' }], description: 'Compared as text' }),
  );
}

export class SurveyFilterConditionDto {
  @TextField({ min: 1, max: 1000, description: 'A question text' }) field!: string;
  @EnumField(['equals']) operator!: 'equals';
  @ScalarField() value!: string | number;
}

export class SurveyFilterDto {
  @NestedArrayField(() => SurveyFilterConditionDto, { maxItems: 20 }) conditions!: SurveyFilterConditionDto[];
  @EnumField(['and'], { optional: true, default: 'and' }) logic?: 'and';
}

export class SurveyImportDto {
  @TextField({ min: 1, max: 255 }) surveyId!: string;
  @NestedField(() => SurveyImportMappingDto) mapping!: SurveyImportMappingDto;
  @NestedField(() => SurveyFilterDto, { optional: true, description: 'Respondents whose answers equal every condition' })
  filter?: SurveyFilterDto;
}

export class SurveyImportPreviewDto extends SurveyImportDto {
  @IntField({ optional: true, min: 1, max: 100, default: 10, description: 'Rows of sampleData' }) sampleSize?: number;
}

export const COLUMN_REF = { type: 'object', required: ['column_index'], properties: { column_index: { type: 'integer' } } } as never;

export const IMPORT_STATUSES = ['pending', 'processing', 'completed', 'partial', 'failed'] as const;
