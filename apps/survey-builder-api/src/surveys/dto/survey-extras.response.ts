import { ApiProperty, ApiSchema } from '@nestjs/swagger';
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

@ApiSchema({ description: 'A survey in the survey list: its basics, the caller’s favorite mark and its section count.' })
export class SurveyListEntryResponse extends SurveyBasicsResponse {
  @ApiProperty({ description: 'The caller marked the survey as a favorite (favorites come first)' }) favorite!: boolean;
  @ApiProperty({ type: 'integer', description: 'The number of sections in the latest version', example: 3 }) sectionCount!: number;
}

@ApiSchema({ description: 'A survey’s theme in its structured form: presets and free text apart.' })
export class ThemeResponse {
  @ApiProperty({ description: 'The survey’s title', example: '新商品ペットボトル緑茶の受容性調査' }) title!: string;
  @ApiProperty({ description: 'The client the survey is made for', example: '株式会社みどり飲料' }) clientName!: string;
  @ApiProperty({ type: ObjectiveDto, description: 'The objective' }) objective!: ObjectiveDto;
  @ApiProperty({ type: DeliveryAreaDto, description: 'Where respondents live' }) deliveryArea!: DeliveryAreaDto;
  @ApiProperty({ type: CategoriesDto, description: 'The product categories' }) categories!: CategoriesDto;
  @ApiProperty({ description: 'What the survey is about, in free words; empty when none', example: '新商品のペットボトル緑茶「みどり茶」' })
  promptText!: string;
  @ApiProperty({ enum: SURVEY_STATUSES, description: 'The survey’s workflow status' }) status!: string;
}

@ApiSchema({ description: 'A library question related to a theme, as theme assists suggest it.' })
export class RelatedQuestionResponse {
  @ApiProperty({ format: 'uuid', description: 'Library entry id' }) id!: string;
  @ApiProperty({ description: 'The library entry’s category', example: '飲料' }) category!: string;
  @ApiProperty({ description: 'The title of the section the question came from', example: '本調査' }) sectionTitle!: string;
  @ApiProperty({ description: 'The question text', example: '普段、ペットボトルのお茶をどのくらい飲みますか。' }) promptText!: string;
  @ApiProperty({ enum: QUESTION_TYPES, description: 'The kind of question' }) questionType!: string;
}

@ApiSchema({ description: 'Suggestions for a theme: categories, related library questions and section titles.' })
export class ThemeAssistResponse {
  @ApiProperty({
    type: [String],
    description: 'The selected categories, then those of the related questions',
    example: ['飲料', '食品'],
  })
  suggestedCategories!: string[];
  @ApiProperty({
    type: [RelatedQuestionResponse],
    maxItems: 5,
    description: 'Library questions matching the theme’s keywords, best first',
  })
  relatedQuestions!: RelatedQuestionResponse[];
  @ApiProperty({
    type: [String],
    description: 'The first draft’s section titles, then those of the related questions',
    example: ['調査のご案内', 'スクリーニング', '本調査'],
  })
  recommendedSections!: string[];
}

@ApiSchema({ description: 'The caller’s favorite mark on a survey, as stored.' })
export class FavoriteResponse {
  @ApiProperty({ format: 'uuid', description: 'The survey’s id' }) surveyId!: string;
  @ApiProperty({ description: 'The survey is one of the caller’s favorites' }) favorite!: boolean;
}

@ApiSchema({ description: 'The exported survey’s theme and version.' })
export class ExportMetadataResponse {
  @ApiProperty({ description: 'The client the survey is made for', example: '株式会社みどり飲料' }) clientName!: string;
  @ApiProperty({ description: 'The objective; several items are joined with 「、」', example: '新商品の受容性評価、購入意向の把握' })
  objective!: string;
  @ApiProperty({ description: 'Where respondents live; several items are joined with 「、」', example: '首都圏、1都3県在住' })
  deliveryArea!: string;
  @ApiProperty({ description: 'The product categories; several items are joined with 「、」', example: '飲料、食品' }) category!: string;
  @ApiProperty({ description: 'What the survey is about, in free words; empty when none', example: '新商品のペットボトル緑茶「みどり茶」' })
  promptText!: string;
  @ApiProperty({ type: 'integer', description: 'The number of the version exported, the latest', example: 3 }) latestVersionNo!: number;
}

/** An exported question: its content with options (ids included), logic and the remaining settings. */
@ApiSchema({ description: 'An exported question: its content, choices and logic, without ids.' })
export class ExportedQuestionResponse {
  @ApiProperty({ description: 'Unique within the survey: T1, T2 for intro questions, Q1, Q2 for the rest', example: 'Q1' })
  code!: string;
  @ApiProperty({ enum: QUESTION_TYPES, description: 'The kind of question; intro is an explanation without an answer' })
  questionType!: string;
  @ApiProperty({ description: 'The question text', example: '新商品のペットボトル緑茶「みどり茶」をご存じですか。' }) promptText!: string;
  @ApiProperty({ description: 'A note shown under the question; empty when none', example: 'お一つだけお選びください。' })
  noteText!: string;
  @ApiProperty({ description: 'The respondent must answer' }) isRequired!: boolean;
  @ApiProperty({ description: 'Shown on the same page as the previous question' }) isLinkedToPrevious!: boolean;
  @ApiProperty({ type: [OptionContentResponse], description: 'The choices (single, multi, pulldown), in order' })
  options!: OptionContentResponse[];
  @ApiProperty({ type: [OptionContentResponse], description: 'matrix only: the rows, in order' }) matrixRows!: OptionContentResponse[];
  @ApiProperty({ type: [OptionContentResponse], description: 'matrix only: the columns, in order' })
  matrixColumns!: OptionContentResponse[];
  @ApiProperty({ type: Boolean, nullable: true, description: 'matrix only: one selection per row; null on other questions' })
  isSingleMatrixSelect!: boolean | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'multi only: the fewest choices; null means no limit', example: 1 })
  minSelections!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'multi only: the most choices; null means no limit', example: 3 })
  maxSelections!: number | null;
  @ApiProperty({ type: [FreeTextFieldResponse], description: 'free_text only: the text boxes, in order' })
  freeTextFields!: FreeTextFieldResponse[];
  @ApiProperty({ type: [SubQuestionResponse], description: 'Sub-questions, each with its own choices' })
  subQuestions!: SubQuestionResponse[];
  @ApiProperty({ type: [BranchRuleResponse], description: 'Where the respondent goes after this question, by condition' })
  branchRules!: BranchRuleResponse[];
  @ApiProperty({ type: [VisibilityRuleResponse], description: 'Display logic of its choices, rows or columns, by earlier answers' })
  visibilityRules!: VisibilityRuleResponse[];
}

@ApiSchema({ description: 'An exported section with its questions.' })
export class ExportedSectionResponse {
  @ApiProperty({ description: 'The section’s title', example: 'スクリーニング' }) title!: string;
  @ApiProperty({ description: 'The section’s description; empty when none', example: '回答者の属性を確認します。' }) description!: string;
  @ApiProperty({ description: 'Origin: manual, initial, title-draft, import, library, …', example: 'initial' }) generatedBy!: string;
  @ApiProperty({ type: [ExportedQuestionResponse], description: 'The questions, in order' }) questions!: ExportedQuestionResponse[];
}

@ApiSchema({ description: 'An exported questionnaire: the survey’s latest version as JSON.' })
export class ExportResponse {
  @ApiProperty({ format: 'uuid', description: 'The survey’s id' }) surveyId!: string;
  @ApiProperty({ description: 'The survey’s title', example: '新商品ペットボトル緑茶の受容性調査' }) title!: string;
  @ApiProperty({ enum: ['出力済み'], description: 'Always 出力済み: the export marks the survey exported' }) status!: string;
  @ApiProperty({ format: 'date-time', description: 'When the export ran (ISO 8601)' }) exportedAt!: string;
  @ApiProperty({ type: ExportMetadataResponse, description: 'The theme and the version exported' }) metadata!: ExportMetadataResponse;
  @ApiProperty({ type: [ExportedSectionResponse], description: 'The sections, in order' }) sections!: ExportedSectionResponse[];
}
