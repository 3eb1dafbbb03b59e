import { ApiSchema } from '@nestjs/swagger';
import { IntField, TextField, UuidArrayField, UuidField } from '@platform/contracts';
import { SURVEY_LIMITS } from '../../domain/limits';

export const DEFAULT_SECTION_DESCRIPTION = '新規追加セクション';

@ApiSchema({ description: 'A new section, added at the end of the survey with draft questions generated from its title.' })
export class AddSectionDto {
  @TextField({ min: 1, max: 255, description: 'The section title; the draft questions are generated from it.', example: '利用状況' })
  title!: string;
  @TextField({
    optional: true,
    max: 2000,
    default: DEFAULT_SECTION_DESCRIPTION,
    description: 'A description of the section; 新規追加セクション when absent.',
    example: '普段のご利用についてお伺いします。',
  })
  description?: string;
}

@ApiSchema({ description: 'Changes to a section: fields sent replace the stored ones, fields not sent stay.' })
export class UpdateSectionDto {
  @TextField({ optional: true, min: 1, max: 255, description: 'The new section title.', example: '利用状況' }) title?: string;
  @TextField({
    optional: true,
    max: 2000,
    description: 'The new section description; empty clears it.',
    example: '普段のご利用についてお伺いします。',
  })
  description?: string;
  @IntField({
    optional: true,
    min: 1,
    max: SURVEY_LIMITS.sections,
    description: 'Target position (1 = first); swaps with the section there',
    example: 2,
  })
  sortOrder?: number;
}

@ApiSchema({ description: 'A section of another survey to copy to the end of a target survey.' })
export class ImportSectionDto {
  @UuidField({ description: 'The survey the section comes from (view permission needed).' }) sourceSurveyId!: string;
  @UuidField({ description: 'Row id of the section (any version of the source), or its stable id in the latest version.' })
  sourceSectionId!: string;
  @UuidField({ description: 'The survey the copy is added to (edit permission needed).' }) targetSurveyId!: string;
}

@ApiSchema({ description: 'A new section built from library entries, added at the end of a target survey.' })
export class ImportExternalSectionDto {
  @UuidField({ description: 'The survey the section is added to (edit permission needed).' }) targetSurveyId!: string;
  @UuidArrayField({ minItems: 1, maxItems: 500, description: 'The library entries to import; array order becomes question order' })
  libraryItemIds!: string[];
  @TextField({ min: 1, max: 255, description: 'The title of the new section.', example: 'ブランド認知' }) sectionTitle!: string;
  @TextField({
    optional: true,
    max: 2000,
    description: 'The description of the new section; empty when omitted',
    example: '各ブランドの認知についてお伺いします。',
  })
  sectionDescription?: string;
}
