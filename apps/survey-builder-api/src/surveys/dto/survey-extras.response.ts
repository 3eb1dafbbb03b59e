import { ApiProperty } from '@nestjs/swagger';
import { QUESTION_TYPES, SURVEY_STATUSES } from '../../domain/model';
import { SurveyBasicsResponse } from '../../survey-core/dto/survey.response';
import {
  BranchRuleResponse,
  FreeTextFieldResponse,
  OptionContentResponse,
  SubQuestionResponse,
  VisibilityRuleResponse,
} from '../../snapshot/dto/section.response';
import { CategoriesDto, DeliveryAreaDto, ObjectiveDto } from './theme.dto';

export class SurveyListEntryResponse extends SurveyBasicsResponse {
  @ApiProperty({ description: 'For the caller' }) favorite!: boolean;
  @ApiProperty({ type: 'integer' }) sectionCount!: number;
}

export class ThemeResponse {
  @ApiProperty() title!: string;
  @ApiProperty() clientName!: string;
  @ApiProperty({ type: ObjectiveDto }) objective!: ObjectiveDto;
  @ApiProperty({ type: DeliveryAreaDto }) deliveryArea!: DeliveryAreaDto;
  @ApiProperty({ type: CategoriesDto }) categories!: CategoriesDto;
  @ApiProperty() promptText!: string;
  @ApiProperty({ enum: SURVEY_STATUSES }) status!: string;
}

export class RelatedQuestionResponse {
  @ApiProperty({ format: 'uuid', description: 'Library entry id' }) id!: string;
  @ApiProperty() category!: string;
  @ApiProperty() sectionTitle!: string;
  @ApiProperty() promptText!: string;
  @ApiProperty({ enum: QUESTION_TYPES }) questionType!: string;
}

export class ThemeAssistResponse {
  @ApiProperty({ type: [String] }) suggestedCategories!: string[];
  @ApiProperty({ type: [RelatedQuestionResponse], maxItems: 5 }) relatedQuestions!: RelatedQuestionResponse[];
  @ApiProperty({ type: [String] }) recommendedSections!: string[];
}

export class FavoriteResponse {
  @ApiProperty({ format: 'uuid' }) surveyId!: string;
  @ApiProperty() favorite!: boolean;
}

export class ExportMetadataResponse {
  @ApiProperty() clientName!: string;
  @ApiProperty() objective!: string;
  @ApiProperty() deliveryArea!: string;
  @ApiProperty() category!: string;
  @ApiProperty() promptText!: string;
  @ApiProperty({ type: 'integer' }) latestVersionNo!: number;
}

/** An exported question: its content with options (ids included), logic and the remaining settings. */
export class ExportedQuestionResponse {
  @ApiProperty() code!: string;
  @ApiProperty({ enum: QUESTION_TYPES }) questionType!: string;
  @ApiProperty() promptText!: string;
  @ApiProperty() noteText!: string;
  @ApiProperty() isRequired!: boolean;
  @ApiProperty() isLinkedToPrevious!: boolean;
  @ApiProperty({ type: [OptionContentResponse] }) options!: OptionContentResponse[];
  @ApiProperty({ type: [OptionContentResponse] }) matrixRows!: OptionContentResponse[];
  @ApiProperty({ type: [OptionContentResponse] }) matrixColumns!: OptionContentResponse[];
  @ApiProperty({ type: Boolean, nullable: true }) isSingleMatrixSelect!: boolean | null;
  @ApiProperty({ type: 'integer', nullable: true }) minSelections!: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) maxSelections!: number | null;
  @ApiProperty({ type: [FreeTextFieldResponse] }) freeTextFields!: FreeTextFieldResponse[];
  @ApiProperty({ type: [SubQuestionResponse] }) subQuestions!: SubQuestionResponse[];
  @ApiProperty({ type: [BranchRuleResponse] }) branchRules!: BranchRuleResponse[];
  @ApiProperty({ type: [VisibilityRuleResponse] }) visibilityRules!: VisibilityRuleResponse[];
}

export class ExportedSectionResponse {
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty() generatedBy!: string;
  @ApiProperty({ type: [ExportedQuestionResponse] }) questions!: ExportedQuestionResponse[];
}

export class ExportResponse {
  @ApiProperty({ format: 'uuid' }) surveyId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: ['出力済み'] }) status!: string;
  @ApiProperty({ format: 'date-time' }) exportedAt!: string;
  @ApiProperty({ type: ExportMetadataResponse }) metadata!: ExportMetadataResponse;
  @ApiProperty({ type: [ExportedSectionResponse] }) sections!: ExportedSectionResponse[];
}
