import { TextField, UuidField } from '@platform/contracts';

export class SurveyIdParam {
  @UuidField({ description: 'The survey’s id' }) surveyId!: string;
}

export class SectionIdParam {
  @UuidField({ description: 'The section’s id (a row of the latest version)' }) sectionId!: string;
}

export class QuestionIdParam {
  @UuidField({ description: 'The question’s id (a row of the latest version)' }) questionId!: string;
}

export class ItemIdParam {
  @UuidField({ description: 'The library entry’s id' }) itemId!: string;
}

export class ExternalSurveyIdParam {
  @UuidField({ description: 'The imported questionnaire’s id in the builder' }) externalSurveyId!: string;
}

/** versionNo must be digits only (^\d+$); a number beyond any version simply names none (404). */
export class SurveyVersionParam extends SurveyIdParam {
  @TextField({
    max: 32,
    pattern: /^\d+$/,
    patternMessage: 'versionNo must be digits',
    description: 'Version number, digits only',
    example: '2',
  })
  versionNo!: string;
}

/** The version a digits-only path segment names, or undefined when no version can have that number. */
export function versionNumberOf(text: string): number | undefined {
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 && value <= 2_147_483_647 ? value : undefined;
}
