import { assemble } from './snapshot.assembler';

const at = new Date('2026-11-22T00:00:00Z');
const section = (id: string, sortOrder: number) => ({
  id,
  stableId: `s-${id}`,
  versionId: 'v',
  title: id,
  description: '',
  sortOrder,
  generatedBy: 'manual',
  updatedAt: at,
});
const question = (id: string, sectionId: string, sortOrder: number) => ({
  id,
  sectionId,
  versionId: 'v',
  stableId: `q-${id}`,
  code: id.toUpperCase(),
  questionType: 'single',
  promptText: id,
  noteText: '',
  isRequired: false,
  isLinkedToPrevious: false,
  sortOrder,
  isSingleMatrixSelect: null,
  minSelections: null,
  maxSelections: null,
  freeTextFields: [],
  subQuestions: [],
  updatedAt: at,
});
const choice = (id: string, questionId: string, kind: string, label: string) => ({
  id,
  questionId,
  kind,
  sortOrder: 0,
  label,
  isExclusive: false,
  allowOtherInput: false,
  isNotApplicable: false,
  axis: kind === 'matrix_row' ? 'row' : null,
  placeholder: null,
  fieldIsRequired: null,
});

describe('assemble', () => {
  it('nests questions in their sections, and choices and rules in their questions, keeping the row order', () => {
    const sections = assemble({
      sections: [section('a', 1), section('b', 2)],
      questions: [question('q1', 'a', 1), question('q2', 'a', 2), question('q3', 'b', 1)],
      options: [choice('o1', 'q1', 'option', 'はい'), choice('o2', 'q1', 'option', 'いいえ'), choice('r1', 'q3', 'matrix_row', '味')],
      branchRules: [
        { id: 'b1', questionId: 'q2', sortOrder: 0, logicalOperator: 'AND', conditions: [], destinationQuestionCode: 'Q3', message: null },
      ],
      visibilityRules: [
        {
          id: 'v1',
          questionId: 'q3',
          sortOrder: 0,
          logicalOperator: 'OR',
          conditions: [],
          targets: [{ label: '味', axis: 'row', subQuestionIndex: null }],
        },
      ],
    });
    expect(sections.map((s) => [s.id, s.questions.map((q) => q.id)])).toEqual([
      ['a', ['q1', 'q2']],
      ['b', ['q3']],
    ]);
    const [q1, q2] = sections[0].questions;
    expect(q1.options.map((o) => [o.id, o.label])).toEqual([
      ['o1', 'はい'],
      ['o2', 'いいえ'],
    ]);
    expect(q1.matrixRows).toEqual([]);
    expect(q2.branchRules).toEqual([{ logicalOperator: 'AND', conditions: [], destinationQuestionCode: 'Q3', message: null }]);
    expect(sections[1].questions[0]).toMatchObject({
      matrixRows: [{ id: 'r1', label: '味', axis: 'row' }],
      visibilityRules: [{ targets: [{ label: '味' }] }],
    });
  });

  it('keeps sections without questions', () => {
    expect(
      assemble({ sections: [section('a', 1)], questions: [], options: [], branchRules: [], visibilityRules: [] })[0].questions,
    ).toEqual([]);
  });
});
