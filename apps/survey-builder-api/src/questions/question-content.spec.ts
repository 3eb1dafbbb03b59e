import { question } from '../domain/model';
import { conditionSources, contentAfterUpdate, contentFromAdd, selectionProblems } from './question-content';

describe('question content', () => {
  it('defaults the add body: booleans false, no logic, option flags false', () => {
    const content = contentFromAdd({ code: 'Q1', questionType: 'single', promptText: 'p', options: [{ label: 'a' }] });
    expect(content).toMatchObject({
      isRequired: false,
      isLinkedToPrevious: false,
      branchRules: [],
      visibilityRules: [],
      minSelections: null,
    });
    expect(content.options).toEqual([
      {
        label: 'a',
        isExclusive: false,
        allowOtherInput: false,
        isNotApplicable: false,
        axis: null,
        placeholder: null,
        fieldIsRequired: null,
      },
    ]);
  });

  it('replaces arrays wholesale and leaves unsent fields alone', () => {
    const current = question('single', 'before', {
      noteText: 'note',
      options: [
        {
          label: 'a',
          isExclusive: false,
          allowOtherInput: false,
          isNotApplicable: false,
          axis: null,
          placeholder: null,
          fieldIsRequired: null,
        },
      ],
    });
    const next = contentAfterUpdate(current, { options: [{ label: 'x' }, { label: 'y' }] });
    expect(next.options.map((o) => o.label)).toEqual(['x', 'y']);
    expect(next).toMatchObject({ promptText: 'before', noteText: 'note' });
  });

  it('drops selection limits when the type changes away from multi', () => {
    const multi = question('multi', 'p', { minSelections: 1, maxSelections: 3 });
    expect(contentAfterUpdate(multi, { questionType: 'single' })).toMatchObject({
      questionType: 'single',
      minSelections: null,
      maxSelections: null,
    });
    expect(contentAfterUpdate(multi, { promptText: 'q' })).toMatchObject({ minSelections: 1, maxSelections: 3 });
  });

  it('refuses limits on other types and a minimum above the maximum', () => {
    expect(selectionProblems(question('single', 'p', { minSelections: 2 }))).toEqual([
      { field: 'minSelections', message: 'minSelections applies to multi questions only' },
    ]);
    expect(selectionProblems(question('multi', 'p', { minSelections: 3, maxSelections: 2 }))).toHaveLength(1);
    expect(selectionProblems(question('multi', 'p', { minSelections: 2, maxSelections: 2 }))).toEqual([]);
  });

  it('lists condition sources of branch and visibility rules', () => {
    const content = contentAfterUpdate(question('single', 'p'), {
      branchRules: [
        {
          logicalOperator: 'AND',
          destinationQuestionCode: 'Q3',
          conditions: [{ sourceQuestionCode: 'Q1', operator: 'equals', value: 'a' }],
        },
      ],
      visibilityRules: [
        { logicalOperator: 'OR', targets: [], conditions: [{ sourceQuestionCode: 'T1', operator: 'answered', value: '' }] },
      ],
    });
    expect(conditionSources(content)).toEqual(['Q1', 'T1']);
    expect(content.branchRules[0].conditions[0]).toEqual({
      sourceQuestionCode: 'Q1',
      operator: 'equals',
      value: 'a',
      subValue: null,
      subQuestionIndex: null,
    });
  });
});
