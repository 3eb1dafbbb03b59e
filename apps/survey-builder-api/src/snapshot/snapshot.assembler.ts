import type {
  BranchCondition,
  BranchRule,
  FreeTextField,
  QuestionType,
  SubQuestion,
  VisibilityRule,
  VisibilityTarget,
} from '../domain/model';
import type { BranchRuleRow, OptionRow, QuestionRow, SectionRow, VisibilityRuleRow } from './snapshot.columns';
import type { SnapshotOption, SnapshotQuestion, SnapshotSection } from './snapshot.types';

/** The rows of some sections, as read: sections, their questions, and the questions' choices and rules. */
export interface SnapshotRows {
  sections: SectionRow[];
  questions: QuestionRow[];
  options: OptionRow[];
  branchRules: BranchRuleRow[];
  visibilityRules: VisibilityRuleRow[];
}

export function toOption(row: OptionRow): SnapshotOption {
  return {
    id: row.id,
    label: row.label,
    isExclusive: row.isExclusive,
    allowOtherInput: row.allowOtherInput,
    isNotApplicable: row.isNotApplicable,
    axis: row.axis as SnapshotOption['axis'],
    placeholder: row.placeholder,
    fieldIsRequired: row.fieldIsRequired,
  };
}

export function toBranchRule(row: Omit<BranchRuleRow, 'id' | 'questionId' | 'sortOrder'>): BranchRule {
  return {
    logicalOperator: row.logicalOperator as BranchRule['logicalOperator'],
    conditions: row.conditions as unknown as BranchCondition[],
    destinationQuestionCode: row.destinationQuestionCode,
    message: row.message,
  };
}

export function toVisibilityRule(row: Omit<VisibilityRuleRow, 'id' | 'questionId' | 'sortOrder'>): VisibilityRule {
  return {
    logicalOperator: row.logicalOperator as VisibilityRule['logicalOperator'],
    conditions: row.conditions as unknown as BranchCondition[],
    targets: row.targets as unknown as VisibilityTarget[],
  };
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** A question's choice rows (in order) as choices, one list per kind, in one pass. */
function choicesByKind(rows: OptionRow[] = []): Record<'option' | 'matrix_row' | 'matrix_column', SnapshotOption[]> {
  const lists = { option: [] as SnapshotOption[], matrix_row: [] as SnapshotOption[], matrix_column: [] as SnapshotOption[] };
  for (const row of rows) lists[row.kind as keyof typeof lists]?.push(toOption(row));
  return lists;
}

/** Sections with their questions in order, each question with its choices and rules (rows come sorted). */
export function assemble(rows: SnapshotRows): SnapshotSection[] {
  const optionsOf = groupBy(rows.options, (o) => o.questionId);
  const branchOf = groupBy(rows.branchRules, (r) => r.questionId);
  const visibilityOf = groupBy(rows.visibilityRules, (r) => r.questionId);
  const bySection = groupBy(
    rows.questions.map((q): SnapshotQuestion => {
      const { option, matrix_row: matrixRows, matrix_column: matrixColumns } = choicesByKind(optionsOf.get(q.id));
      return {
        id: q.id,
        stableId: q.stableId,
        sectionId: q.sectionId,
        code: q.code,
        sortOrder: q.sortOrder,
        updatedAt: q.updatedAt,
        questionType: q.questionType as QuestionType,
        promptText: q.promptText,
        noteText: q.noteText,
        isRequired: q.isRequired,
        isLinkedToPrevious: q.isLinkedToPrevious,
        options: option,
        matrixRows,
        matrixColumns,
        isSingleMatrixSelect: q.isSingleMatrixSelect,
        minSelections: q.minSelections,
        maxSelections: q.maxSelections,
        freeTextFields: q.freeTextFields as unknown as FreeTextField[],
        subQuestions: q.subQuestions as unknown as SubQuestion[],
        branchRules: (branchOf.get(q.id) ?? []).map(toBranchRule),
        visibilityRules: (visibilityOf.get(q.id) ?? []).map(toVisibilityRule),
      };
    }),
    (q) => q.sectionId,
  );
  return rows.sections.map((s) => ({
    id: s.id,
    stableId: s.stableId,
    versionId: s.versionId,
    title: s.title,
    description: s.description,
    sortOrder: s.sortOrder,
    generatedBy: s.generatedBy,
    updatedAt: s.updatedAt,
    questions: bySection.get(s.id) ?? [],
  }));
}
