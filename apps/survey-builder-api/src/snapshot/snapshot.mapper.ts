import { pageCount } from '../domain/initial-content';
import type { OptionContent, QuestionContent } from '../domain/model';
import type { QuestionResponse, SectionResponse } from './dto/section.response';
import type { SnapshotOption, SnapshotQuestion, SnapshotSection } from './snapshot.types';

const optionContent = ({ id: _id, ...option }: SnapshotOption): OptionContent => option;

/**
 * What a stored question holds, without its identity (row id, stable id, section, position), for copying it
 * somewhere else as a new question.
 */
export function contentOf(q: SnapshotQuestion): QuestionContent & { code: string } {
  return {
    code: q.code,
    questionType: q.questionType,
    promptText: q.promptText,
    noteText: q.noteText,
    isRequired: q.isRequired,
    isLinkedToPrevious: q.isLinkedToPrevious,
    options: q.options.map(optionContent),
    matrixRows: q.matrixRows.map(optionContent),
    matrixColumns: q.matrixColumns.map(optionContent),
    isSingleMatrixSelect: q.isSingleMatrixSelect,
    minSelections: q.minSelections,
    maxSelections: q.maxSelections,
    freeTextFields: q.freeTextFields,
    subQuestions: q.subQuestions,
    branchRules: q.branchRules,
    visibilityRules: q.visibilityRules,
  };
}

/** A question as the API answers it (spec 2): everything but its stable id, section and timestamp. */
export function questionResponse(q: SnapshotQuestion): QuestionResponse {
  const { stableId: _stableId, sectionId: _sectionId, updatedAt: _updatedAt, ...visible } = q;
  return visible;
}

/** A section as the API answers it, with its questions and counts. */
export function sectionResponse(s: SnapshotSection): SectionResponse {
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    sortOrder: s.sortOrder,
    generatedBy: s.generatedBy,
    questionCount: s.questions.length,
    pageCount: pageCount(s.questions),
    questions: s.questions.map(questionResponse),
    updatedAt: s.updatedAt.toISOString(),
  };
}
