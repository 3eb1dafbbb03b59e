import { ApiSchema } from '@nestjs/swagger';
import { BoolField, EnumField, IntField, NestedArrayField, TextField } from '@platform/contracts';
import { QUESTION_LIMITS } from '../../domain/limits';
import { CONDITION_OPERATORS, type ConditionOperator, LOGICAL_OPERATORS, type LogicalOperator } from '../../domain/model';

/** Limits of question content (docs/decisions.md): labels and texts by length, lists by count (QUESTION_LIMITS). */
export const CODE_MAX = 64;
export const LABEL_MAX = 2000;
export const PROMPT_MAX = 10_000;
const AXES = ['row', 'column'] as const;

@ApiSchema({ description: 'A choice, a matrix row or column, or a free-text input field of a question.' })
export class OptionDto {
  @TextField({
    optional: true,
    max: 64,
    description: 'Sent back by clients from a read; ignored (ids are regenerated on every update)',
    example: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  })
  id?: string;
  @TextField({ max: LABEL_MAX, description: 'The text shown to respondents.', example: '知っていて、利用したことがある' }) label!: string;
  @BoolField({
    optional: true,
    description: 'Exclusive choice: it cannot be selected together with others. False when absent.',
    example: false,
  })
  isExclusive?: boolean;
  @BoolField({
    optional: true,
    description: 'The choice takes a text the respondent types in (such as その他). False when absent.',
    example: false,
  })
  allowOtherInput?: boolean;
  @BoolField({ optional: true, description: 'A "not applicable" choice (such as 特にない). False when absent.', example: false })
  isNotApplicable?: boolean;
  @EnumField(AXES, {
    optional: true,
    nullable: true,
    description: 'matrix only: whether this is a row or a column of the matrix; null or absent elsewhere.',
  })
  axis?: 'row' | 'column' | null;
  @TextField({
    optional: true,
    nullable: true,
    max: LABEL_MAX,
    description: 'free_text only: the hint shown in an empty input; null or absent means none.',
    example: '例: 駅から近いので便利',
  })
  placeholder?: string | null;
  @BoolField({
    optional: true,
    nullable: true,
    description: 'free_text only: whether this input must be filled; null or absent elsewhere.',
  })
  fieldIsRequired?: boolean | null;
}

@ApiSchema({ description: 'An input field of a free_text question.' })
export class FreeTextFieldDto {
  @TextField({ max: 500, description: 'The field label shown to respondents; conditions name the field by it.', example: 'ご意見' })
  label!: string;
  @TextField({
    optional: true,
    nullable: true,
    max: LABEL_MAX,
    description: 'The hint shown in the empty input; null or absent means none.',
    example: 'ご自由にお書きください',
  })
  placeholder?: string | null;
  @BoolField({ optional: true, description: 'Whether the respondent must fill the field. False when absent.' }) isRequired?: boolean;
}

@ApiSchema({ description: 'A choice of a sub-question.' })
export class SubQuestionOptionDto {
  @TextField({ max: LABEL_MAX, description: 'The text shown to respondents.', example: '週に1回以上' }) label!: string;
  @BoolField({
    optional: true,
    description: 'Exclusive choice: it cannot be selected together with others. False when absent.',
    example: false,
  })
  isExclusive?: boolean;
  @BoolField({
    optional: true,
    description: 'The choice takes a text the respondent types in (such as その他). False when absent.',
    example: false,
  })
  allowOtherInput?: boolean;
  @BoolField({ optional: true, description: 'A "not applicable" choice (such as 特にない). False when absent.', example: false })
  isNotApplicable?: boolean;
}

@ApiSchema({ description: 'A sub-question: a label with choices of its own, inside a question.' })
export class SubQuestionDto {
  @TextField({ max: LABEL_MAX, description: 'The sub-question text shown to respondents.', example: '平日のご利用頻度' }) label!: string;
  @NestedArrayField(() => SubQuestionOptionDto, {
    maxItems: QUESTION_LIMITS.subQuestionOptions,
    description: 'The choices of this sub-question, in display order.',
  })
  options!: SubQuestionOptionDto[];
}

@ApiSchema({ description: 'One condition of a branch or visibility rule: a test on the answer to an earlier question.' })
export class ConditionDto {
  @TextField({
    min: 1,
    max: CODE_MAX,
    description: 'The code of the question whose answer is tested. An intro question may not be a source',
    example: 'Q2',
  })
  sourceQuestionCode!: string;
  @EnumField(CONDITION_OPERATORS, {
    description: 'How the answer is tested against value (equals, includes, not_includes, only, not_only, has_other, answered).',
  })
  operator!: ConditionOperator;
  @TextField({
    max: LABEL_MAX,
    description: 'A choice label, matrix row label, or free-text matching text',
    example: '知っていて、利用したことがある',
  })
  value!: string;
  @TextField({
    optional: true,
    nullable: true,
    max: LABEL_MAX,
    description: 'Matrix column or free-text field label; null or absent means any',
    example: 'ややそう思う',
  })
  subValue?: string | null;
  @IntField({
    optional: true,
    nullable: true,
    min: 0,
    max: 999,
    description: 'The 0-based position of the sub-question tested; null or absent treats all sub-questions flatly',
    example: 0,
  })
  subQuestionIndex?: number | null;
}

@ApiSchema({ description: 'A branch rule: when its conditions hold, the respondent jumps to the destination.' })
export class BranchRuleDto {
  @EnumField(LOGICAL_OPERATORS, { description: 'AND: every condition must hold; OR: any one is enough.' })
  logicalOperator!: LogicalOperator;
  @NestedArrayField(() => ConditionDto, {
    maxItems: QUESTION_LIMITS.conditions,
    description: 'The conditions; an empty list makes the jump unconditional.',
  })
  conditions!: ConditionDto[];
  @TextField({
    min: 1,
    max: CODE_MAX,
    description: 'Where the jump goes: a question code, or an end of the survey (SO, SC, SX)',
    example: 'Q5',
  })
  destinationQuestionCode!: string;
  @TextField({
    optional: true,
    nullable: true,
    max: LABEL_MAX,
    description: 'A text kept with the rule; null or absent means none.',
    example: '対象外のため、アンケートを終了します。',
  })
  message?: string | null;
}

@ApiSchema({ description: 'What a visibility rule shows: a choice, matrix row or column, or sub-question choice, named by its label.' })
export class VisibilityTargetDto {
  @TextField({ max: LABEL_MAX, description: 'The label of the choice, row or column shown.', example: 'デザイン' }) label!: string;
  @EnumField(AXES, { optional: true, nullable: true, description: 'matrix only: row or column; null or absent for other questions.' })
  axis?: 'row' | 'column' | null;
  @IntField({
    optional: true,
    nullable: true,
    min: 0,
    max: 999,
    description: 'The 0-based position of the sub-question the label belongs to; null or absent when not in a sub-question.',
    example: 0,
  })
  subQuestionIndex?: number | null;
}

@ApiSchema({ description: 'A visibility rule: its targets are shown only when its conditions hold.' })
export class VisibilityRuleDto {
  @EnumField(LOGICAL_OPERATORS, { description: 'AND: every condition must hold; OR: any one is enough.' })
  logicalOperator!: LogicalOperator;
  @NestedArrayField(() => ConditionDto, { maxItems: QUESTION_LIMITS.conditions, description: 'The conditions tested.' })
  conditions!: ConditionDto[];
  @NestedArrayField(() => VisibilityTargetDto, {
    maxItems: QUESTION_LIMITS.visibilityTargets,
    description: 'The choices, rows or columns the rule shows or hides.',
  })
  targets!: VisibilityTargetDto[];
}

/** The question fields both add and update take (`addQuestion`, `updateQuestion`). */
export class QuestionFieldsDto {
  @NestedArrayField(() => OptionDto, {
    optional: true,
    maxItems: QUESTION_LIMITS.options,
    description: 'The choices of a single, multi or pulldown question, in display order.',
  })
  options?: OptionDto[];
  @NestedArrayField(() => OptionDto, {
    optional: true,
    maxItems: QUESTION_LIMITS.matrixRows,
    description: 'matrix only: the rows (the items rated), in display order.',
  })
  matrixRows?: OptionDto[];
  @NestedArrayField(() => OptionDto, {
    optional: true,
    maxItems: QUESTION_LIMITS.matrixColumns,
    description: 'matrix only: the columns (the scale), in display order.',
  })
  matrixColumns?: OptionDto[];
  @BoolField({ optional: true, nullable: true, description: 'matrix only: true allows one selection per row; null means not set.' })
  isSingleMatrixSelect?: boolean | null;
  @IntField({
    optional: true,
    nullable: true,
    min: 1,
    max: 1000,
    description: 'multi only: the fewest choices a respondent must select; null means no limit',
    example: 1,
  })
  minSelections?: number | null;
  @IntField({
    optional: true,
    nullable: true,
    min: 1,
    max: 1000,
    description: 'multi only: the most choices a respondent may select; null means no limit',
    example: 3,
  })
  maxSelections?: number | null;
  @NestedArrayField(() => FreeTextFieldDto, {
    optional: true,
    maxItems: QUESTION_LIMITS.freeTextFields,
    description: 'free_text only: the input fields, in display order.',
  })
  freeTextFields?: FreeTextFieldDto[];
  @NestedArrayField(() => SubQuestionDto, {
    optional: true,
    maxItems: QUESTION_LIMITS.subQuestions,
    description: 'The sub-questions, each with its own choices, in display order.',
  })
  subQuestions?: SubQuestionDto[];
  @BoolField({ optional: true, default: false, description: 'Whether respondents must answer the question.' }) isRequired?: boolean;
  @BoolField({ optional: true, default: false, description: 'Same page as the previous question' }) isLinkedToPrevious?: boolean;
}
