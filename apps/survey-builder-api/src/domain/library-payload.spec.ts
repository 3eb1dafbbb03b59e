import { normalizedPayloadOf, questionFromPayload } from './library-payload';
import { option, question } from './model';

describe('library payloads', () => {
  it('keep text and choices, never logic; a matrix keeps rows as choices and columns as sub items', () => {
    const matrix = question('matrix', '満足度', {
      matrixRows: [option('味', { axis: 'row' })],
      matrixColumns: [option('満足', { axis: 'column' }), option('不満', { axis: 'column' })],
      branchRules: [{ logicalOperator: 'AND', conditions: [], destinationQuestionCode: 'SO', message: null }],
    });
    expect(normalizedPayloadOf(matrix)).toEqual({
      promptText: '満足度',
      options: [{ label: '味', isExclusive: false, allowOtherInput: false, isNotApplicable: false }],
      subItems: [{ label: '満足' }, { label: '不満' }],
      subQuestions: [],
    });
  });

  it('rebuild a question with sub items written into the note text', () => {
    const payload = {
      promptText: '満足度',
      options: [{ label: '味', isExclusive: false, allowOtherInput: false, isNotApplicable: false }],
      subItems: [{ label: '満足' }, { label: '不満' }],
      subQuestions: [],
    };
    const single = questionFromPayload('single', { ...payload, subItems: [] });
    expect(single).toMatchObject({ questionType: 'single', promptText: '満足度', noteText: '', options: [{ label: '味' }] });
    const matrix = questionFromPayload('matrix', payload);
    expect(matrix).toMatchObject({
      noteText: '満足\n不満',
      options: [],
      matrixRows: [{ label: '味', axis: 'row' }],
      branchRules: [],
      visibilityRules: [],
    });
  });
});
