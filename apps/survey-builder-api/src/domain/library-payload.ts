import { option, question, type QuestionContent, type QuestionType } from './model';

/** What a library entry keeps of a question: its text and choices, never its logic. */
export interface NormalizedPayload {
  promptText: string;
  options: Array<{ label: string; isExclusive: boolean; allowOtherInput: boolean; isNotApplicable: boolean }>;
  subItems: Array<{ label: string }>;
  subQuestions: Array<{ label: string; options: Array<{ label: string }> }>;
}

const choice = (o: { label: string; isExclusive?: boolean; allowOtherInput?: boolean; isNotApplicable?: boolean }) => ({
  label: o.label,
  isExclusive: o.isExclusive ?? false,
  allowOtherInput: o.allowOtherInput ?? false,
  isNotApplicable: o.isNotApplicable ?? false,
});

/** The payload of a builder question: matrix rows are its choices and matrix columns its sub items. */
export function normalizedPayloadOf(q: QuestionContent): NormalizedPayload {
  const isMatrix = q.questionType === 'matrix';
  return {
    promptText: q.promptText,
    options: (isMatrix ? q.matrixRows : q.options).map(choice),
    subItems: (isMatrix ? q.matrixColumns : []).map((c) => ({ label: c.label })),
    subQuestions: q.subQuestions.map((s) => ({ label: s.label, options: s.options.map((o) => ({ label: o.label })) })),
  };
}

/**
 * A question rebuilt from a payload (external-origin library entries). Choices become options, or matrix
 * rows for a matrix; sub items are written into the note text, one per line (`importQuestion`). No logic.
 */
export function questionFromPayload(type: QuestionType, payload: NormalizedPayload): QuestionContent {
  const choices = payload.options.map((o) => option(o.label, choice(o)));
  return question(type, payload.promptText, {
    noteText: payload.subItems.map((s) => s.label).join('\n'),
    ...(type === 'matrix' ? { matrixRows: choices.map((c) => ({ ...c, axis: 'row' as const })) } : { options: choices }),
    subQuestions: payload.subQuestions.map((s) => ({ label: s.label, options: s.options.map((o) => ({ label: o.label })) })),
  });
}
