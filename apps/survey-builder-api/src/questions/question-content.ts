import type { FieldProblem } from '@platform/contracts';
import type { BranchRule, OptionContent, QuestionContent, SubQuestion, VisibilityRule } from '../domain/model';
import { question } from '../domain/model';
import type { BranchRuleDto, OptionDto, VisibilityRuleDto } from './dto/question-content.dto';
import type { AddQuestionDto, UpdateQuestionDto } from './dto/question.dto';

const toOption = (o: OptionDto): OptionContent => ({
  label: o.label,
  isExclusive: o.isExclusive ?? false,
  allowOtherInput: o.allowOtherInput ?? false,
  isNotApplicable: o.isNotApplicable ?? false,
  axis: o.axis ?? null,
  placeholder: o.placeholder ?? null,
  fieldIsRequired: o.fieldIsRequired ?? null,
});

const toConditions = (rule: BranchRuleDto | VisibilityRuleDto) =>
  rule.conditions.map((c) => ({
    sourceQuestionCode: c.sourceQuestionCode,
    operator: c.operator,
    value: c.value,
    subValue: c.subValue ?? null,
    subQuestionIndex: c.subQuestionIndex ?? null,
  }));

const toBranchRule = (rule: BranchRuleDto): BranchRule => ({
  logicalOperator: rule.logicalOperator,
  conditions: toConditions(rule),
  destinationQuestionCode: rule.destinationQuestionCode,
  message: rule.message ?? null,
});

const toVisibilityRule = (rule: VisibilityRuleDto): VisibilityRule => ({
  logicalOperator: rule.logicalOperator,
  conditions: toConditions(rule),
  targets: rule.targets.map((t) => ({ label: t.label, axis: t.axis ?? null, subQuestionIndex: t.subQuestionIndex ?? null })),
});

const toSubQuestions = (subQuestions: UpdateQuestionDto['subQuestions']): SubQuestion[] =>
  (subQuestions ?? []).map((s) => ({ label: s.label, options: s.options.map((o) => ({ ...o })) }));

/** A new question from the add body (`addQuestion`): booleans default to false, logic starts empty. */
export function contentFromAdd(dto: AddQuestionDto): QuestionContent {
  return question(dto.questionType, dto.promptText, {
    isRequired: dto.isRequired ?? false,
    isLinkedToPrevious: dto.isLinkedToPrevious ?? false,
    options: (dto.options ?? []).map(toOption),
    matrixRows: (dto.matrixRows ?? []).map(toOption),
    matrixColumns: (dto.matrixColumns ?? []).map(toOption),
    isSingleMatrixSelect: dto.isSingleMatrixSelect ?? null,
    minSelections: dto.minSelections ?? null,
    maxSelections: dto.maxSelections ?? null,
    freeTextFields: (dto.freeTextFields ?? []).map((f) => ({
      label: f.label,
      placeholder: f.placeholder ?? null,
      isRequired: f.isRequired ?? false,
    })),
    subQuestions: toSubQuestions(dto.subQuestions),
  });
}

/**
 * The question after an update: fields sent replace the stored ones (arrays wholesale), fields not sent
 * stay. Selection limits belong to multi questions only and are dropped when the type changes away.
 */
export function contentAfterUpdate(current: QuestionContent, dto: UpdateQuestionDto): QuestionContent {
  const next: QuestionContent = {
    ...current,
    ...(dto.questionType !== undefined && { questionType: dto.questionType }),
    ...(dto.promptText !== undefined && { promptText: dto.promptText }),
    ...(dto.noteText !== undefined && { noteText: dto.noteText }),
    ...(dto.isRequired !== undefined && { isRequired: dto.isRequired }),
    ...(dto.isLinkedToPrevious !== undefined && { isLinkedToPrevious: dto.isLinkedToPrevious }),
    ...(dto.options !== undefined && { options: dto.options.map(toOption) }),
    ...(dto.matrixRows !== undefined && { matrixRows: dto.matrixRows.map(toOption) }),
    ...(dto.matrixColumns !== undefined && { matrixColumns: dto.matrixColumns.map(toOption) }),
    ...(dto.isSingleMatrixSelect !== undefined && { isSingleMatrixSelect: dto.isSingleMatrixSelect }),
    ...(dto.minSelections !== undefined && { minSelections: dto.minSelections }),
    ...(dto.maxSelections !== undefined && { maxSelections: dto.maxSelections }),
    ...(dto.freeTextFields !== undefined && {
      freeTextFields: dto.freeTextFields.map((f) => ({
        label: f.label,
        placeholder: f.placeholder ?? null,
        isRequired: f.isRequired ?? false,
      })),
    }),
    ...(dto.subQuestions !== undefined && { subQuestions: toSubQuestions(dto.subQuestions) }),
    ...(dto.branchRules !== undefined && { branchRules: dto.branchRules.map(toBranchRule) }),
    ...(dto.visibilityRules !== undefined && { visibilityRules: dto.visibilityRules.map(toVisibilityRule) }),
  };
  if (next.questionType !== 'multi' && dto.minSelections == null && dto.maxSelections == null) {
    return { ...next, minSelections: null, maxSelections: null };
  }
  return next;
}

/** Problems with the selection limits: only on multi questions, and the minimum not above the maximum. */
export function selectionProblems(content: QuestionContent): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (content.questionType !== 'multi') {
    for (const field of ['minSelections', 'maxSelections'] as const) {
      if (content[field] !== null) problems.push({ field, message: `${field} applies to multi questions only` });
    }
  } else if (content.minSelections !== null && content.maxSelections !== null && content.minSelections > content.maxSelections) {
    problems.push({ field: 'minSelections', message: 'minSelections must not be greater than maxSelections' });
  }
  return problems;
}

/** Codes a question's conditions take as their source. */
export function conditionSources(content: QuestionContent): string[] {
  return [...content.branchRules, ...content.visibilityRules].flatMap((rule) => rule.conditions.map((c) => c.sourceQuestionCode));
}
