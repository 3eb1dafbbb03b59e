import { ApiSchema } from '@nestjs/swagger';
import { EnumField, IntField, NestedArrayField, TextField, UuidField } from '@platform/contracts';
import { QUESTION_LIMITS, SURVEY_LIMITS } from '../../domain/limits';
import { QUESTION_TYPES, type QuestionType } from '../../domain/model';
import { BranchRuleDto, CODE_MAX, PROMPT_MAX, QuestionFieldsDto, VisibilityRuleDto } from './question-content.dto';

@ApiSchema({ description: 'A new question, appended to the end of the section; it starts without branch or visibility rules.' })
export class AddQuestionDto extends QuestionFieldsDto {
  @TextField({
    min: 1,
    max: CODE_MAX,
    description:
      'The question code, by convention T1, T2 for intro questions and Q1, Q2 for the rest. Unique within the survey (409 otherwise)',
    example: 'Q4',
  })
  code!: string;
  @EnumField(QUESTION_TYPES, { description: 'The kind of question: which answer fields apply to it.' }) questionType!: QuestionType;
  @TextField({ max: PROMPT_MAX, description: 'The question text shown to respondents.', example: 'このサービスをご存じですか。' })
  promptText!: string;
}

/** Every field optional: arrays sent replace the stored ones entirely, fields not sent stay. */
@ApiSchema({ description: 'Changes to a question: fields sent replace the stored ones (arrays entirely), fields not sent stay.' })
export class UpdateQuestionDto extends QuestionFieldsDto {
  @TextField({
    optional: true,
    min: 1,
    max: CODE_MAX,
    description: 'A new question code; unique within the survey (409 otherwise). Rules elsewhere are not re-pointed.',
    example: 'Q4',
  })
  code?: string;
  @EnumField(QUESTION_TYPES, { optional: true, description: 'A new kind; selection limits are dropped when it is no longer multi.' })
  questionType?: QuestionType;
  @TextField({
    optional: true,
    max: PROMPT_MAX,
    description: 'The question text shown to respondents.',
    example: 'このサービスをご存じですか。',
  })
  promptText?: string;
  @TextField({
    optional: true,
    max: PROMPT_MAX,
    description: 'A supplementary note to the question text; empty means none.',
    example: '※ 最もよく利用するものをお選びください。',
  })
  noteText?: string;
  @IntField({
    optional: true,
    min: 1,
    max: SURVEY_LIMITS.questions,
    description: 'Target position in the section (1 = first); swaps with the question there',
    example: 2,
  })
  sortOrder?: number;
  @NestedArrayField(() => BranchRuleDto, {
    optional: true,
    maxItems: QUESTION_LIMITS.branchRules,
    description: 'The branch rules of the question; an intro question may not be a condition source.',
  })
  branchRules?: BranchRuleDto[];
  @NestedArrayField(() => VisibilityRuleDto, {
    optional: true,
    maxItems: QUESTION_LIMITS.visibilityRules,
    description: 'The rules that show choices, rows or columns of this question only under conditions.',
  })
  visibilityRules?: VisibilityRuleDto[];
}

/** Either libraryItemId, or all three of sourceSurveyId, sourceSectionId and sourceQuestionId. */
@ApiSchema({
  description: 'Where to import a question from: libraryItemId, or all three of sourceSurveyId, sourceSectionId and sourceQuestionId.',
})
export class ImportQuestionDto {
  @UuidField({ description: 'The section the question is appended to (edit permission needed).' }) targetSectionId!: string;
  @UuidField({ optional: true, description: 'The library entry to import; when given, the source ids are ignored.' })
  libraryItemId?: string;
  @UuidField({ optional: true, description: 'The survey the question comes from (view permission needed).' }) sourceSurveyId?: string;
  @UuidField({ optional: true, description: 'Row id or stable id of the section' }) sourceSectionId?: string;
  @UuidField({ optional: true, description: 'Row id or stable id of the question' }) sourceQuestionId?: string;
}
