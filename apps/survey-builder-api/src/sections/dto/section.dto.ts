import { IntField, TextField, UuidArrayField, UuidField } from '@platform/contracts';
import { SURVEY_LIMITS } from '../../domain/limits';

export const DEFAULT_SECTION_DESCRIPTION = '新規追加セクション';

export class AddSectionDto {
  @TextField({ min: 1, max: 255 }) title!: string;
  @TextField({ optional: true, max: 2000, default: DEFAULT_SECTION_DESCRIPTION }) description?: string;
}

export class UpdateSectionDto {
  @TextField({ optional: true, min: 1, max: 255 }) title?: string;
  @TextField({ optional: true, max: 2000 }) description?: string;
  @IntField({ optional: true, min: 1, max: SURVEY_LIMITS.sections, description: 'Target position; swaps with the section there' })
  sortOrder?: number;
}

export class ImportSectionDto {
  @UuidField() sourceSurveyId!: string;
  @UuidField() sourceSectionId!: string;
  @UuidField() targetSurveyId!: string;
}

export class ImportExternalSectionDto {
  @UuidField() targetSurveyId!: string;
  @UuidArrayField({ minItems: 1, maxItems: 500, description: 'Array order becomes question order' }) libraryItemIds!: string[];
  @TextField({ min: 1, max: 255 }) sectionTitle!: string;
  @TextField({ optional: true, max: 2000, description: 'Empty when omitted' }) sectionDescription?: string;
}
