import { additionBreaches, breachMessage, QUESTION_LIMITS, questionLimitBreaches, SURVEY_LIMITS, surveyLimitBreach } from './limits';
import { option, question } from './model';

const many = <T>(count: number, make: (i: number) => T) => Array.from({ length: count }, (_, i) => make(i));
const condition = { sourceQuestionCode: 'Q1', operator: 'answered' as const, value: '', subValue: null, subQuestionIndex: null };

describe('survey limits', () => {
  it('allows a survey to fill up to each limit and not one past it, sections first', () => {
    expect(surveyLimitBreach({ sections: 199, questions: 1998 }, { sections: 1, questions: 2 })).toBeUndefined();
    expect(surveyLimitBreach({ sections: 200, questions: 0 }, { sections: 1, questions: 0 })).toEqual({
      limit: 'sections',
      max: SURVEY_LIMITS.sections,
      count: 201,
      field: 'sections',
    });
    expect(surveyLimitBreach({ sections: 3, questions: 1999 }, { sections: 0, questions: 2 })).toMatchObject({
      limit: 'questions',
      count: 2001,
    });
    expect(surveyLimitBreach({ sections: 250, questions: 2500 }, { sections: 1, questions: 1 })?.limit).toBe('sections');
  });

  it('lets a survey already over a limit (stored before the limits) take what does not add to it', () => {
    expect(surveyLimitBreach({ sections: 250, questions: 2500 }, { sections: 0, questions: 0 })).toBeUndefined();
    expect(surveyLimitBreach({ sections: 250, questions: 10 }, { sections: 0, questions: 1 })).toBeUndefined();
  });
});

describe('question limits', () => {
  it('finds nothing in a question at every limit', () => {
    const full = question('matrix', 'p', {
      options: many(QUESTION_LIMITS.options, (i) => option(`o${i}`)),
      matrixRows: many(QUESTION_LIMITS.matrixRows, (i) => option(`r${i}`)),
      matrixColumns: many(QUESTION_LIMITS.matrixColumns, (i) => option(`c${i}`)),
      subQuestions: [{ label: 's', options: many(QUESTION_LIMITS.subQuestionOptions, (i) => ({ label: `${i}` })) }],
      branchRules: [
        {
          logicalOperator: 'AND',
          conditions: many(QUESTION_LIMITS.conditions, () => condition),
          destinationQuestionCode: 'SO',
          message: null,
        },
      ],
    });
    expect(questionLimitBreaches(full)).toEqual([]);
  });

  it('names every array over its limit by its path, nested ones too', () => {
    const over = question('matrix', 'p', {
      matrixRows: many(QUESTION_LIMITS.matrixRows + 1, (i) => option(`r${i}`)),
      freeTextFields: many(QUESTION_LIMITS.freeTextFields + 1, (i) => ({ label: `${i}`, placeholder: null, isRequired: false })),
      subQuestions: [
        { label: 'a', options: [] },
        { label: 'b', options: many(QUESTION_LIMITS.subQuestionOptions + 1, (i) => ({ label: `${i}` })) },
      ],
      visibilityRules: [
        {
          logicalOperator: 'OR',
          conditions: many(QUESTION_LIMITS.conditions + 1, () => condition),
          targets: many(QUESTION_LIMITS.visibilityTargets + 1, (i) => ({ label: `${i}`, axis: null, subQuestionIndex: null })),
        },
      ],
    });
    expect(questionLimitBreaches(over, 'questions.4').map((b) => [b.field, b.max, b.count])).toEqual([
      ['questions.4.matrixRows', 500, 501],
      ['questions.4.freeTextFields', 100, 101],
      ['questions.4.subQuestions.1.options', 500, 501],
      ['questions.4.visibilityRules.0.conditions', 50, 51],
      ['questions.4.visibilityRules.0.targets', 500, 501],
    ]);
  });

  it('says the survey limit alone when an addition breaks it, else every question over its own', () => {
    const wide = question('single', 'p', { options: many(QUESTION_LIMITS.options + 1, (i) => option(`${i}`)) });
    const fits = question('single', 'p');
    expect(additionBreaches({ sections: 1, questions: 1999 }, 0, [wide, wide], (i) => `questions.${i}`)).toEqual([
      { limit: 'questions', max: 2000, count: 2001, field: 'questions' },
    ]);
    expect(additionBreaches({ sections: 1, questions: 0 }, 1, [fits, wide], (i) => `libraryItemIds.${i}`).map((b) => b.field)).toEqual([
      'libraryItemIds.1.options',
    ]);
  });

  it('words a breach with its limit and the count it would reach', () => {
    expect(breachMessage({ limit: 'questions', max: 2000, count: 2001, field: 'questions' })).toBe(
      'A survey holds at most 2000 questions; this would make 2001',
    );
    expect(breachMessage({ limit: 'matrixRows', max: 500, count: 600, field: 'questions.0.matrixRows' })).toBe(
      'questions.0.matrixRows holds at most 500 items; this would make 600',
    );
  });
});
