import { ApiProperty } from '@nestjs/swagger';
import { SURVEY_LIMITS } from '../../domain/limits';
import { CONDITION_OPERATORS, LOGICAL_OPERATORS, QUESTION_TYPES } from '../../domain/model';

const AXES = ['row', 'column', null];

/** A choice's content (exports carry no choice ids). */
export class OptionContentResponse {
  @ApiProperty() label!: string;
  @ApiProperty() isExclusive!: boolean;
  @ApiProperty() allowOtherInput!: boolean;
  @ApiProperty() isNotApplicable!: boolean;
  @ApiProperty({ enum: AXES, nullable: true, type: String }) axis!: 'row' | 'column' | null;
  @ApiProperty({ type: String, nullable: true, description: 'free_text only' }) placeholder!: string | null;
  @ApiProperty({ type: Boolean, nullable: true, description: 'free_text only' }) fieldIsRequired!: boolean | null;
}

export class OptionResponse extends OptionContentResponse {
  @ApiProperty({ format: 'uuid', description: 'Regenerated on every update of its question' }) id!: string;
}

export class ConditionResponse {
  @ApiProperty() sourceQuestionCode!: string;
  @ApiProperty({ enum: CONDITION_OPERATORS }) operator!: string;
  @ApiProperty({ description: 'A choice label, matrix row label, or free-text matching text' }) value!: string;
  @ApiProperty({ type: String, nullable: true }) subValue!: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) subQuestionIndex!: number | null;
}

export class BranchRuleResponse {
  @ApiProperty({ enum: LOGICAL_OPERATORS }) logicalOperator!: string;
  @ApiProperty({ type: [ConditionResponse] }) conditions!: ConditionResponse[];
  @ApiProperty({ description: 'A question code, or SO, SC, SX' }) destinationQuestionCode!: string;
  @ApiProperty({ type: String, nullable: true }) message!: string | null;
}

export class VisibilityTargetResponse {
  @ApiProperty() label!: string;
  @ApiProperty({ enum: AXES, nullable: true, type: String }) axis!: 'row' | 'column' | null;
  @ApiProperty({ type: 'integer', nullable: true }) subQuestionIndex!: number | null;
}

export class VisibilityRuleResponse {
  @ApiProperty({ enum: LOGICAL_OPERATORS }) logicalOperator!: string;
  @ApiProperty({ type: [ConditionResponse] }) conditions!: ConditionResponse[];
  @ApiProperty({ type: [VisibilityTargetResponse] }) targets!: VisibilityTargetResponse[];
}

export class FreeTextFieldResponse {
  @ApiProperty() label!: string;
  @ApiProperty({ type: String, nullable: true }) placeholder!: string | null;
  @ApiProperty() isRequired!: boolean;
}

export class SubQuestionOptionResponse {
  @ApiProperty() label!: string;
  @ApiProperty({ required: false }) isExclusive?: boolean;
  @ApiProperty({ required: false }) allowOtherInput?: boolean;
  @ApiProperty({ required: false }) isNotApplicable?: boolean;
}

export class SubQuestionResponse {
  @ApiProperty() label!: string;
  @ApiProperty({ type: [SubQuestionOptionResponse] }) options!: SubQuestionOptionResponse[];
}

export class QuestionResponse {
  @ApiProperty({ format: 'uuid', description: 'Snapshot row id; changes with the version' }) id!: string;
  @ApiProperty({ description: 'Unique within the survey' }) code!: string;
  @ApiProperty({ enum: QUESTION_TYPES }) questionType!: string;
  @ApiProperty() promptText!: string;
  @ApiProperty() noteText!: string;
  @ApiProperty() isRequired!: boolean;
  @ApiProperty() isLinkedToPrevious!: boolean;
  @ApiProperty({ type: 'integer', minimum: 1 }) sortOrder!: number;
  @ApiProperty({ type: [OptionResponse] }) options!: OptionResponse[];
  @ApiProperty({ type: [OptionResponse] }) matrixRows!: OptionResponse[];
  @ApiProperty({ type: [OptionResponse] }) matrixColumns!: OptionResponse[];
  @ApiProperty({ type: Boolean, nullable: true }) isSingleMatrixSelect!: boolean | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1 }) minSelections!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1 }) maxSelections!: number | null;
  @ApiProperty({ type: [FreeTextFieldResponse] }) freeTextFields!: FreeTextFieldResponse[];
  @ApiProperty({ type: [SubQuestionResponse] }) subQuestions!: SubQuestionResponse[];
  @ApiProperty({ type: [BranchRuleResponse] }) branchRules!: BranchRuleResponse[];
  @ApiProperty({ type: [VisibilityRuleResponse] }) visibilityRules!: VisibilityRuleResponse[];
}

export class SectionResponse {
  @ApiProperty({ format: 'uuid', description: 'Snapshot row id; changes with the version' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) sortOrder!: number;
  @ApiProperty({ description: 'Origin: manual, initial, title-draft, import, library, …' }) generatedBy!: string;
  @ApiProperty({ type: 'integer' }) questionCount!: number;
  @ApiProperty({ type: 'integer', description: 'Pages: questions linked to the previous one share its page' }) pageCount!: number;
  @ApiProperty({
    type: [QuestionResponse],
    maxItems: SURVEY_LIMITS.questions,
    description: `At most ${SURVEY_LIMITS.questions} in a survey`,
  })
  questions!: QuestionResponse[];
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}
