import { EnumField, IntField, NestedArrayField, TextField, UuidField } from '@platform/contracts';
import { QUESTION_LIMITS, SURVEY_LIMITS } from '../../domain/limits';
import { QUESTION_TYPES, type QuestionType } from '../../domain/model';
import { BranchRuleDto, CODE_MAX, PROMPT_MAX, QuestionFieldsDto, VisibilityRuleDto } from './question-content.dto';

export class AddQuestionDto extends QuestionFieldsDto {
  @TextField({ min: 1, max: CODE_MAX, description: 'Unique within the survey (409 otherwise)' }) code!: string;
  @EnumField(QUESTION_TYPES) questionType!: QuestionType;
  @TextField({ max: PROMPT_MAX }) promptText!: string;
}

/** Every field optional: arrays sent replace the stored ones entirely, fields not sent stay. */
export class UpdateQuestionDto extends QuestionFieldsDto {
  @TextField({ optional: true, min: 1, max: CODE_MAX }) code?: string;
  @EnumField(QUESTION_TYPES, { optional: true }) questionType?: QuestionType;
  @TextField({ optional: true, max: PROMPT_MAX }) promptText?: string;
  @TextField({ optional: true, max: PROMPT_MAX }) noteText?: string;
  @IntField({
    optional: true,
    min: 1,
    max: SURVEY_LIMITS.questions,
    description: 'Target position in the section; swaps with the question there',
  })
  sortOrder?: number;
  @NestedArrayField(() => BranchRuleDto, { optional: true, maxItems: QUESTION_LIMITS.branchRules }) branchRules?: BranchRuleDto[];
  @NestedArrayField(() => VisibilityRuleDto, { optional: true, maxItems: QUESTION_LIMITS.visibilityRules })
  visibilityRules?: VisibilityRuleDto[];
}

/** Either libraryItemId, or all three of sourceSurveyId, sourceSectionId and sourceQuestionId. */
export class ImportQuestionDto {
  @UuidField() targetSectionId!: string;
  @UuidField({ optional: true }) libraryItemId?: string;
  @UuidField({ optional: true }) sourceSurveyId?: string;
  @UuidField({ optional: true, description: 'Row id or stable id of the section' }) sourceSectionId?: string;
  @UuidField({ optional: true, description: 'Row id or stable id of the question' }) sourceQuestionId?: string;
}
