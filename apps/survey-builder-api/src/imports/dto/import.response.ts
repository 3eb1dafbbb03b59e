import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ description: 'A bundle entry that was not stored, and why.' })
export class SkippedEntryResponse {
  @ApiProperty({ type: 'integer', description: 'The entry’s external questionnaire id (surveyId)', example: 88013 }) externalId!: number;
  @ApiProperty({
    description: 'Why it was skipped: no questionnaire was fetched, or it appears more than once in the bundle',
    example: 'no questionnaire was fetched',
  })
  reason!: string;
}

@ApiSchema({ description: 'What an import stored, counted over every questionnaire of the bundle, and what it skipped.' })
export class BundleImportResponse {
  @ApiProperty({ type: 'integer', description: 'Questionnaires stored (re-imports included)', example: 2 }) surveysImported!: number;
  @ApiProperty({ type: 'integer', description: 'Questions stored', example: 48 }) questionsImported!: number;
  @ApiProperty({ type: 'integer', description: 'Answer items (choices, matrix rows) stored', example: 196 }) answerItemsImported!: number;
  @ApiProperty({ type: 'integer', description: 'Sub items (matrix columns) stored', example: 25 }) subItemsImported!: number;
  @ApiProperty({ type: 'integer', description: 'Logics stored', example: 12 }) logicsImported!: number;
  @ApiProperty({ type: 'integer', description: 'Logic conditions stored', example: 15 }) logicItemsImported!: number;
  @ApiProperty({ type: 'integer', description: 'Library entries made, one per question', example: 48 }) libraryItemsImported!: number;
  @ApiProperty({ type: [String], format: 'uuid', description: 'Stored external surveys' }) surveyIds!: string[];
  @ApiProperty({ type: [SkippedEntryResponse], description: 'Entries not stored; empty when every entry was' })
  skipped!: SkippedEntryResponse[];
}

@ApiSchema({ description: 'A section candidate of an imported questionnaire: the questions between two intro steps (提示ステップ).' })
export class PreviewSectionResponse {
  @ApiProperty({ type: 'integer', description: 'Its position among the candidates, from 0', example: 1 }) index!: number;
  @ApiProperty({
    description: 'From the divider’s text (its first line); empty for questions before the first divider',
    example: 'お茶の飲用状況',
  })
  title!: string;
  @ApiProperty({ description: 'The rest of the divider’s text; empty when none', example: 'ふだんのお茶の飲み方について伺います' })
  description!: string;
  @ApiProperty({ type: [String], format: 'uuid', description: 'The library entries of its questions, in order' })
  libraryItemIds!: string[];
  @ApiProperty({ type: 'integer', description: 'The number of its questions (the divider not counted)', example: 6 })
  questionCount!: number;
}

@ApiSchema({ description: 'An imported questionnaire split into section candidates.' })
export class SectionPreviewResponse {
  @ApiProperty({ format: 'uuid', description: 'The imported questionnaire’s id in the builder' }) externalSurveyId!: string;
  @ApiProperty({ description: 'Its name from the bundle; empty when none', example: '緑茶飲料の飲用実態調査 2026' })
  externalSurveyName!: string;
  @ApiProperty({ type: 'integer', description: 'Its id on the external platform', example: 88012 }) externalSurveyExternalId!: number;
  @ApiProperty({ type: [PreviewSectionResponse], description: 'Its section candidates, in order' }) sections!: PreviewSectionResponse[];
}
