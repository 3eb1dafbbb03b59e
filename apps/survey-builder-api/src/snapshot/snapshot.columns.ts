import type { Selectable } from 'kysely';
import type { BranchRule, Question, QuestionOption, Section, VisibilityRule } from '../database/schema';

/**
 * The one column list of each snapshot table. Reads select these, the version copy copies them, and the
 * schema interface (generated from the migrations) checks every name.
 */
export const SECTION_COLUMNS = ['id', 'stableId', 'versionId', 'title', 'description', 'sortOrder', 'generatedBy', 'updatedAt'] as const;

export const QUESTION_COLUMNS = [
  'id',
  'sectionId',
  'versionId',
  'stableId',
  'code',
  'questionType',
  'promptText',
  'noteText',
  'isRequired',
  'isLinkedToPrevious',
  'sortOrder',
  'isSingleMatrixSelect',
  'minSelections',
  'maxSelections',
  'freeTextFields',
  'subQuestions',
  'updatedAt',
] as const;

export const OPTION_COLUMNS = [
  'id',
  'questionId',
  'kind',
  'sortOrder',
  'label',
  'isExclusive',
  'allowOtherInput',
  'isNotApplicable',
  'axis',
  'placeholder',
  'fieldIsRequired',
] as const;

export const BRANCH_RULE_COLUMNS = [
  'id',
  'questionId',
  'sortOrder',
  'logicalOperator',
  'conditions',
  'destinationQuestionCode',
  'message',
] as const;

export const VISIBILITY_RULE_COLUMNS = ['id', 'questionId', 'sortOrder', 'logicalOperator', 'conditions', 'targets'] as const;

export type SectionRow = Pick<Selectable<Section>, (typeof SECTION_COLUMNS)[number]>;
export type QuestionRow = Pick<Selectable<Question>, (typeof QUESTION_COLUMNS)[number]>;
export type OptionRow = Pick<Selectable<QuestionOption>, (typeof OPTION_COLUMNS)[number]>;
export type BranchRuleRow = Pick<Selectable<BranchRule>, (typeof BRANCH_RULE_COLUMNS)[number]>;
export type VisibilityRuleRow = Pick<Selectable<VisibilityRule>, (typeof VISIBILITY_RULE_COLUMNS)[number]>;

/** A column list without some of its columns (a copy leaves out the row id and what places the row). */
export function except<C extends string, X extends C>(columns: readonly C[], ...excluded: X[]): Array<Exclude<C, X>> {
  return columns.filter((column): column is Exclude<C, X> => !(excluded as string[]).includes(column));
}

/** Where each choice list of a question is stored. */
export const OPTION_KINDS = { options: 'option', matrixRows: 'matrix_row', matrixColumns: 'matrix_column' } as const;
