/** The survey builder's vocabulary (the schemas of docs/openapi/survey-builder-api.json), shared by the rules and the API. */

export const SURVEY_STATUSES = ['下書き', 'レビュー中', '出力済み', 'アーカイブ'] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];
export const STATUS_DRAFT: SurveyStatus = '下書き';
export const STATUS_EXPORTED: SurveyStatus = '出力済み';
export const STATUS_ARCHIVED: SurveyStatus = 'アーカイブ';

export const QUESTION_TYPES = ['single', 'multi', 'free_text', 'matrix', 'pulldown', 'intro'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const LOGICAL_OPERATORS = ['AND', 'OR'] as const;
export type LogicalOperator = (typeof LOGICAL_OPERATORS)[number];

export const CONDITION_OPERATORS = ['equals', 'includes', 'not_includes', 'only', 'not_only', 'has_other', 'answered'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** Branch destinations that are not question codes (end-of-survey kinds); never re-pointed. */
export const SPECIAL_DESTINATIONS = ['SO', 'SC', 'SX'] as const;

export const ROLE_TYPES = ['view', 'edit'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

export interface BranchCondition {
  sourceQuestionCode: string;
  operator: ConditionOperator;
  value: string;
  subValue: string | null;
  subQuestionIndex: number | null;
}

export interface BranchRule {
  logicalOperator: LogicalOperator;
  conditions: BranchCondition[];
  destinationQuestionCode: string;
  message: string | null;
}

export interface VisibilityTarget {
  label: string;
  axis: 'row' | 'column' | null;
  subQuestionIndex: number | null;
}

export interface VisibilityRule {
  logicalOperator: LogicalOperator;
  conditions: BranchCondition[];
  targets: VisibilityTarget[];
}

/** The logic a question carries, which renumbering and copying re-point. */
export interface QuestionLogic {
  branchRules: BranchRule[];
  visibilityRules: VisibilityRule[];
}

export interface OptionContent {
  label: string;
  isExclusive: boolean;
  allowOtherInput: boolean;
  isNotApplicable: boolean;
  axis: 'row' | 'column' | null;
  placeholder: string | null;
  fieldIsRequired: boolean | null;
}

export interface FreeTextField {
  label: string;
  placeholder: string | null;
  isRequired: boolean;
}

export interface SubQuestion {
  label: string;
  options: Array<Pick<OptionContent, 'label'> & Partial<OptionContent>>;
}

/** Everything a question holds apart from its identity (id, code, position). */
export interface QuestionContent extends QuestionLogic {
  questionType: QuestionType;
  promptText: string;
  noteText: string;
  isRequired: boolean;
  isLinkedToPrevious: boolean;
  options: OptionContent[];
  matrixRows: OptionContent[];
  matrixColumns: OptionContent[];
  isSingleMatrixSelect: boolean | null;
  minSelections: number | null;
  maxSelections: number | null;
  freeTextFields: FreeTextField[];
  subQuestions: SubQuestion[];
}

export interface SectionDraft {
  title: string;
  description: string;
  generatedBy: string;
  questions: QuestionContent[];
}

export function option(label: string, extra: Partial<OptionContent> = {}): OptionContent {
  return {
    label,
    isExclusive: false,
    allowOtherInput: false,
    isNotApplicable: false,
    axis: null,
    placeholder: null,
    fieldIsRequired: null,
    ...extra,
  };
}

export function question(questionType: QuestionType, promptText: string, extra: Partial<QuestionContent> = {}): QuestionContent {
  return {
    questionType,
    promptText,
    noteText: '',
    isRequired: false,
    isLinkedToPrevious: false,
    options: [],
    matrixRows: [],
    matrixColumns: [],
    isSingleMatrixSelect: null,
    minSelections: null,
    maxSelections: null,
    freeTextFields: [],
    subQuestions: [],
    branchRules: [],
    visibilityRules: [],
    ...extra,
  };
}
