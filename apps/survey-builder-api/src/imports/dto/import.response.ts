import { ApiProperty } from '@nestjs/swagger';

export class SkippedEntryResponse {
  @ApiProperty({ type: 'integer' }) externalId!: number;
  @ApiProperty() reason!: string;
}

export class BundleImportResponse {
  @ApiProperty({ type: 'integer' }) surveysImported!: number;
  @ApiProperty({ type: 'integer' }) questionsImported!: number;
  @ApiProperty({ type: 'integer' }) answerItemsImported!: number;
  @ApiProperty({ type: 'integer' }) subItemsImported!: number;
  @ApiProperty({ type: 'integer' }) logicsImported!: number;
  @ApiProperty({ type: 'integer' }) logicItemsImported!: number;
  @ApiProperty({ type: 'integer' }) libraryItemsImported!: number;
  @ApiProperty({ type: [String], format: 'uuid', description: 'Stored external surveys' }) surveyIds!: string[];
  @ApiProperty({ type: [SkippedEntryResponse] }) skipped!: SkippedEntryResponse[];
}

export class PreviewSectionResponse {
  @ApiProperty({ type: 'integer' }) index!: number;
  @ApiProperty({ description: 'From the divider’s text' }) title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: [String], format: 'uuid' }) libraryItemIds!: string[];
  @ApiProperty({ type: 'integer' }) questionCount!: number;
}

export class SectionPreviewResponse {
  @ApiProperty({ format: 'uuid' }) externalSurveyId!: string;
  @ApiProperty() externalSurveyName!: string;
  @ApiProperty({ type: 'integer' }) externalSurveyExternalId!: number;
  @ApiProperty({ type: [PreviewSectionResponse] }) sections!: PreviewSectionResponse[];
}
