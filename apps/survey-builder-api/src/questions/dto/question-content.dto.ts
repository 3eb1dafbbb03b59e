import { BoolField, EnumField, IntField, NestedArrayField, TextField } from '@platform/contracts';
import { QUESTION_LIMITS } from '../../domain/limits';
import { CONDITION_OPERATORS, type ConditionOperator, LOGICAL_OPERATORS, type LogicalOperator } from '../../domain/model';

/** Limits of question content (docs/decisions.md): labels and texts by length, lists by count (QUESTION_LIMITS). */
export const CODE_MAX = 64;
export const LABEL_MAX = 2000;
export const PROMPT_MAX = 10_000;
const AXES = ['row', 'column'] as const;

export class OptionDto {
  @TextField({ optional: true, max: 64, description: 'Sent back by clients from a read; ignored (ids are regenerated on every update)' })
  id?: string;
  @TextField({ max: LABEL_MAX }) label!: string;
  @BoolField({ optional: true }) isExclusive?: boolean;
  @BoolField({ optional: true }) allowOtherInput?: boolean;
  @BoolField({ optional: true }) isNotApplicable?: boolean;
  @EnumField(AXES, { optional: true, nullable: true, description: 'matrix only' }) axis?: 'row' | 'column' | null;
  @TextField({ optional: true, nullable: true, max: LABEL_MAX, description: 'free_text only' }) placeholder?: string | null;
  @BoolField({ optional: true, nullable: true, description: 'free_text only' }) fieldIsRequired?: boolean | null;
}

export class FreeTextFieldDto {
  @TextField({ max: 500 }) label!: string;
  @TextField({ optional: true, nullable: true, max: LABEL_MAX }) placeholder?: string | null;
  @BoolField({ optional: true }) isRequired?: boolean;
}

export class SubQuestionOptionDto {
  @TextField({ max: LABEL_MAX }) label!: string;
  @BoolField({ optional: true }) isExclusive?: boolean;
  @BoolField({ optional: true }) allowOtherInput?: boolean;
  @BoolField({ optional: true }) isNotApplicable?: boolean;
}

export class SubQuestionDto {
  @TextField({ max: LABEL_MAX }) label!: string;
  @NestedArrayField(() => SubQuestionOptionDto, { maxItems: QUESTION_LIMITS.subQuestionOptions }) options!: SubQuestionOptionDto[];
}

export class ConditionDto {
  @TextField({ min: 1, max: CODE_MAX, description: 'An intro question may not be a source' }) sourceQuestionCode!: string;
  @EnumField(CONDITION_OPERATORS) operator!: ConditionOperator;
  @TextField({ max: LABEL_MAX, description: 'A choice label, matrix row label, or free-text matching text' }) value!: string;
  @TextField({ optional: true, nullable: true, max: LABEL_MAX, description: 'Matrix column or free-text field label; null means any' })
  subValue?: string | null;
  @IntField({ optional: true, nullable: true, min: 0, max: 999, description: 'null treats all sub-questions flatly' })
  subQuestionIndex?: number | null;
}

export class BranchRuleDto {
  @EnumField(LOGICAL_OPERATORS) logicalOperator!: LogicalOperator;
  @NestedArrayField(() => ConditionDto, { maxItems: QUESTION_LIMITS.conditions }) conditions!: ConditionDto[];
  @TextField({ min: 1, max: CODE_MAX, description: 'A question code, or SO, SC, SX' }) destinationQuestionCode!: string;
  @TextField({ optional: true, nullable: true, max: LABEL_MAX }) message?: string | null;
}

export class VisibilityTargetDto {
  @TextField({ max: LABEL_MAX }) label!: string;
  @EnumField(AXES, { optional: true, nullable: true }) axis?: 'row' | 'column' | null;
  @IntField({ optional: true, nullable: true, min: 0, max: 999 }) subQuestionIndex?: number | null;
}

export class VisibilityRuleDto {
  @EnumField(LOGICAL_OPERATORS) logicalOperator!: LogicalOperator;
  @NestedArrayField(() => ConditionDto, { maxItems: QUESTION_LIMITS.conditions }) conditions!: ConditionDto[];
  @NestedArrayField(() => VisibilityTargetDto, { maxItems: QUESTION_LIMITS.visibilityTargets }) targets!: VisibilityTargetDto[];
}

/** The question fields both add and update take (spec 4.4). */
export class QuestionFieldsDto {
  @NestedArrayField(() => OptionDto, { optional: true, maxItems: QUESTION_LIMITS.options }) options?: OptionDto[];
  @NestedArrayField(() => OptionDto, { optional: true, maxItems: QUESTION_LIMITS.matrixRows }) matrixRows?: OptionDto[];
  @NestedArrayField(() => OptionDto, { optional: true, maxItems: QUESTION_LIMITS.matrixColumns }) matrixColumns?: OptionDto[];
  @BoolField({ optional: true, nullable: true, description: 'One selection per matrix row' }) isSingleMatrixSelect?: boolean | null;
  @IntField({ optional: true, nullable: true, min: 1, max: 1000, description: 'multi only; null means no limit' }) minSelections?:
    number | null;
  @IntField({ optional: true, nullable: true, min: 1, max: 1000, description: 'multi only; null means no limit' }) maxSelections?:
    number | null;
  @NestedArrayField(() => FreeTextFieldDto, { optional: true, maxItems: QUESTION_LIMITS.freeTextFields })
  freeTextFields?: FreeTextFieldDto[];
  @NestedArrayField(() => SubQuestionDto, { optional: true, maxItems: QUESTION_LIMITS.subQuestions }) subQuestions?: SubQuestionDto[];
  @BoolField({ optional: true, default: false }) isRequired?: boolean;
  @BoolField({ optional: true, default: false, description: 'Same page as the previous question' }) isLinkedToPrevious?: boolean;
}
