import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { SURVEY_LIMITS } from '../../domain/limits';
import { CONDITION_OPERATORS, LOGICAL_OPERATORS, QUESTION_TYPES } from '../../domain/model';

const AXES = ['row', 'column', null];

/** A choice's content (exports carry no choice ids). */
@ApiSchema({ description: 'A choice (or a matrix row or column) of a question, without its id.' })
export class OptionContentResponse {
  @ApiProperty({ description: 'The text the respondent sees', example: '知っていて、利用したことがある' }) label!: string;
  @ApiProperty({ description: 'Choosing it clears every other choice (e.g. 特にない)' }) isExclusive!: boolean;
  @ApiProperty({ description: 'It comes with a text box for the respondent’s own answer (e.g. その他)' }) allowOtherInput!: boolean;
  @ApiProperty({ description: 'It is the “none of these / not applicable” choice' }) isNotApplicable!: boolean;
  @ApiProperty({ enum: AXES, nullable: true, type: String, description: 'matrix only: row or column; null on other questions' })
  axis!: 'row' | 'column' | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'free_text only: the hint shown in the empty box; null when none',
    example: '例：お茶の味が好きだから',
  })
  placeholder!: string | null;
  @ApiProperty({ type: Boolean, nullable: true, description: 'free_text only: the box must be filled; null on other questions' })
  fieldIsRequired!: boolean | null;
}

@ApiSchema({ description: 'A choice (or a matrix row or column) of a question, with its id.' })
export class OptionResponse extends OptionContentResponse {
  @ApiProperty({ format: 'uuid', description: 'Regenerated on every update of its question' }) id!: string;
}

@ApiSchema({ description: 'One condition of a branch or visibility rule: a test on another question’s answer.' })
export class ConditionResponse {
  @ApiProperty({ description: 'The code of the question whose answer is tested', example: 'Q1' }) sourceQuestionCode!: string;
  @ApiProperty({ enum: CONDITION_OPERATORS, description: 'How the answer is tested; has_other and answered take any value' })
  operator!: string;
  @ApiProperty({ description: 'A choice label, matrix row label, or free-text matching text', example: '知らない' }) value!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Matrix column or free-text field label; null means any',
    example: 'とてもそう思う',
  })
  subValue!: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Which sub-question (from 0) the condition reads; null treats all sub-questions flatly',
    example: 0,
  })
  subQuestionIndex!: number | null;
}

@ApiSchema({ description: 'A branch rule: where the respondent goes next when its conditions hold.' })
export class BranchRuleResponse {
  @ApiProperty({ enum: LOGICAL_OPERATORS, description: 'AND: every condition must hold; OR: any one' }) logicalOperator!: string;
  @ApiProperty({ type: [ConditionResponse], description: 'The conditions; none means the jump always happens' })
  conditions!: ConditionResponse[];
  @ApiProperty({ description: 'A question code, or SO, SC, SX (ends of the survey)', example: 'Q5' }) destinationQuestionCode!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A note kept with the rule; null when none',
    example: '非認知者は本調査へ進む',
  })
  message!: string | null;
}

@ApiSchema({ description: 'What a visibility rule shows or hides: a choice, a matrix row or column, or a sub-question’s choice.' })
export class VisibilityTargetResponse {
  @ApiProperty({ description: 'The label of the targeted choice, row or column', example: '購入したい' }) label!: string;
  @ApiProperty({ enum: AXES, nullable: true, type: String, description: 'matrix only: whether the label is a row or a column' })
  axis!: 'row' | 'column' | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The sub-question (from 0) whose choice the label is; null otherwise',
    example: 0,
  })
  subQuestionIndex!: number | null;
}

@ApiSchema({ description: 'Display logic: choices, rows or columns of this question that depend on earlier answers.' })
export class VisibilityRuleResponse {
  @ApiProperty({ enum: LOGICAL_OPERATORS, description: 'AND: every condition must hold; OR: any one' }) logicalOperator!: string;
  @ApiProperty({ type: [ConditionResponse], description: 'The conditions on earlier answers' }) conditions!: ConditionResponse[];
  @ApiProperty({ type: [VisibilityTargetResponse], description: 'The choices, rows or columns of this question the rule governs' })
  targets!: VisibilityTargetResponse[];
}

@ApiSchema({ description: 'A text box of a free_text question.' })
export class FreeTextFieldResponse {
  @ApiProperty({ description: 'The box’s label', example: 'ご意見' }) label!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The hint shown in the empty box; null when none', example: '例：味が濃い' })
  placeholder!: string | null;
  @ApiProperty({ description: 'The box must be filled' }) isRequired!: boolean;
}

@ApiSchema({ description: 'A choice of a sub-question; a flag left out means false.' })
export class SubQuestionOptionResponse {
  @ApiProperty({ description: 'The text the respondent sees', example: '毎日' }) label!: string;
  @ApiProperty({ required: false, description: 'Choosing it clears every other choice' }) isExclusive?: boolean;
  @ApiProperty({ required: false, description: 'It comes with a text box for the respondent’s own answer' }) allowOtherInput?: boolean;
  @ApiProperty({ required: false, description: 'It is the “not applicable” choice' }) isNotApplicable?: boolean;
}

@ApiSchema({ description: 'A sub-question of a question, with its own choices.' })
export class SubQuestionResponse {
  @ApiProperty({ description: 'The sub-question’s text', example: '緑茶を飲む頻度' }) label!: string;
  @ApiProperty({ type: [SubQuestionOptionResponse], description: 'Its choices, in order' }) options!: SubQuestionOptionResponse[];
}

@ApiSchema({ description: 'A question of a section, with its choices and logic.' })
export class QuestionResponse {
  @ApiProperty({ format: 'uuid', description: 'Snapshot row id; changes with the version' }) id!: string;
  @ApiProperty({ description: 'Unique within the survey: T1, T2 for intro questions, Q1, Q2 for the rest', example: 'Q1' })
  code!: string;
  @ApiProperty({ enum: QUESTION_TYPES, description: 'The kind of question; intro is an explanation without an answer' })
  questionType!: string;
  @ApiProperty({ description: 'The question text', example: '新商品のペットボトル緑茶「みどり茶」をご存じですか。' }) promptText!: string;
  @ApiProperty({ description: 'A note shown under the question; empty when none', example: 'お一つだけお選びください。' })
  noteText!: string;
  @ApiProperty({ description: 'The respondent must answer' }) isRequired!: boolean;
  @ApiProperty({ description: 'Shown on the same page as the previous question' }) isLinkedToPrevious!: boolean;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'The position in its section, from 1', example: 1 }) sortOrder!: number;
  @ApiProperty({ type: [OptionResponse], description: 'The choices (single, multi, pulldown), in order' }) options!: OptionResponse[];
  @ApiProperty({ type: [OptionResponse], description: 'matrix only: the rows, in order' }) matrixRows!: OptionResponse[];
  @ApiProperty({ type: [OptionResponse], description: 'matrix only: the columns, in order' }) matrixColumns!: OptionResponse[];
  @ApiProperty({ type: Boolean, nullable: true, description: 'matrix only: one selection per row; null on other questions' })
  isSingleMatrixSelect!: boolean | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 1,
    description: 'multi only: the fewest choices; null means no limit',
    example: 1,
  })
  minSelections!: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 1,
    description: 'multi only: the most choices; null means no limit',
    example: 3,
  })
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

@ApiSchema({ description: 'A section of a survey version, with its questions.' })
export class SectionResponse {
  @ApiProperty({ format: 'uuid', description: 'Snapshot row id; changes with the version' }) id!: string;
  @ApiProperty({ description: 'The section’s title', example: 'スクリーニング' }) title!: string;
  @ApiProperty({ description: 'The section’s description; empty when none', example: '回答者の属性を確認します。' }) description!: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'The position in the survey, from 1', example: 2 }) sortOrder!: number;
  @ApiProperty({ description: 'Origin: manual, initial, title-draft, import, library, …', example: 'initial' }) generatedBy!: string;
  @ApiProperty({ type: 'integer', description: 'The number of questions in the section', example: 3 }) questionCount!: number;
  @ApiProperty({ type: 'integer', description: 'Pages: questions linked to the previous one share its page', example: 3 })
  pageCount!: number;
  @ApiProperty({
    type: [QuestionResponse],
    maxItems: SURVEY_LIMITS.questions,
    description: `The questions, in order; at most ${SURVEY_LIMITS.questions} in a survey`,
  })
  questions!: QuestionResponse[];
  @ApiProperty({ format: 'date-time', description: 'When the section was last changed (ISO 8601)' }) updatedAt!: string;
}
