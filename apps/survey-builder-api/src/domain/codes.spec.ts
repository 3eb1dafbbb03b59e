import { copiesWithCodes, keepInternalLogic, nextFreeCodes, renumberMapping, repointLogic, withFreshCodes } from './codes';
import type { BranchRule, QuestionLogic, VisibilityRule } from './model';

const branch = (destination: string, ...sources: string[]): BranchRule => ({
  logicalOperator: 'AND',
  conditions: sources.map((sourceQuestionCode) => ({
    sourceQuestionCode,
    operator: 'equals',
    value: 'はい',
    subValue: null,
    subQuestionIndex: null,
  })),
  destinationQuestionCode: destination,
  message: null,
});
const visibility = (...sources: string[]): VisibilityRule => ({
  logicalOperator: 'OR',
  conditions: sources.map((sourceQuestionCode) => ({
    sourceQuestionCode,
    operator: 'answered',
    value: '',
    subValue: null,
    subQuestionIndex: null,
  })),
  targets: [{ label: 'その他', axis: null, subQuestionIndex: null }],
});
const logic = (branchRules: BranchRule[], visibilityRules: VisibilityRule[] = []): QuestionLogic => ({ branchRules, visibilityRules });

describe('renumberMapping', () => {
  it('numbers intro questions T1, T2 and the rest Q1, Q2 in order of appearance', () => {
    const mapping = renumberMapping([
      { code: 'A', questionType: 'intro' },
      { code: 'B', questionType: 'single' },
      { code: 'C', questionType: 'multi' },
      { code: 'D', questionType: 'intro' },
      { code: 'E', questionType: 'matrix' },
    ]);
    expect([...mapping]).toEqual([
      ['A', 'T1'],
      ['B', 'Q1'],
      ['C', 'Q2'],
      ['D', 'T2'],
      ['E', 'Q3'],
    ]);
  });

  it('leaves codes that are already right out of the mapping, and is empty when nothing changes', () => {
    expect([
      ...renumberMapping([
        { code: 'T1', questionType: 'intro' },
        { code: 'Q1', questionType: 'single' },
        { code: 'Q9', questionType: 'single' },
      ]),
    ]).toEqual([['Q9', 'Q2']]);
    expect(
      renumberMapping([
        { code: 'Q1', questionType: 'single' },
        { code: 'Q2', questionType: 'free_text' },
      ]).size,
    ).toBe(0);
  });

  it('gives a swap after a reorder: Q2 then Q1 become Q1 and Q2', () => {
    expect([
      ...renumberMapping([
        { code: 'Q2', questionType: 'single' },
        { code: 'Q1', questionType: 'single' },
      ]),
    ]).toEqual([
      ['Q2', 'Q1'],
      ['Q1', 'Q2'],
    ]);
  });
});

describe('repointLogic', () => {
  it('re-points a swap once per reference, never twice', () => {
    const swap = new Map([
      ['Q1', 'Q2'],
      ['Q2', 'Q1'],
    ]);
    const result = repointLogic(logic([branch('Q2', 'Q1'), branch('Q1', 'Q2')], [visibility('Q1', 'Q2')]), swap);
    expect(result.branchRules.map((r) => [r.destinationQuestionCode, r.conditions[0].sourceQuestionCode])).toEqual([
      ['Q1', 'Q2'],
      ['Q2', 'Q1'],
    ]);
    expect(result.visibilityRules[0].conditions.map((c) => c.sourceQuestionCode)).toEqual(['Q2', 'Q1']);
  });

  it('follows a chain (Q1 to Q2, Q2 to Q3) without cascading', () => {
    const chain = new Map([
      ['Q1', 'Q2'],
      ['Q2', 'Q3'],
    ]);
    const result = repointLogic(logic([branch('Q2', 'Q1')]), chain);
    expect(result.branchRules[0]).toMatchObject({ destinationQuestionCode: 'Q3', conditions: [{ sourceQuestionCode: 'Q2' }] });
  });

  it('leaves special destinations, unchanged codes and references to deleted questions alone', () => {
    const mapping = new Map([['Q3', 'Q2']]);
    const result = repointLogic(logic([branch('SO', 'Q1'), branch('SC', 'Q3'), branch('SX', 'Q7'), branch('Q7', 'Q3')]), mapping);
    expect(result.branchRules.map((r) => [r.destinationQuestionCode, r.conditions[0].sourceQuestionCode])).toEqual([
      ['SO', 'Q1'],
      ['SC', 'Q2'],
      ['SX', 'Q7'],
      ['Q7', 'Q2'],
    ]);
  });

  it('keeps every other field of rules and conditions', () => {
    const rule = { ...branch('Q2', 'Q1'), message: '対象外です', logicalOperator: 'OR' as const };
    rule.conditions[0] = { ...rule.conditions[0], operator: 'includes', subValue: '列A', subQuestionIndex: 1 };
    expect(repointLogic(logic([rule]), new Map([['Q1', 'Q5']])).branchRules[0]).toEqual({
      ...rule,
      conditions: [{ ...rule.conditions[0], sourceQuestionCode: 'Q5' }],
    });
  });
});

describe('nextFreeCodes', () => {
  it('continues after the highest T and Q numbers in use', () => {
    expect(nextFreeCodes(['T1', 'Q1', 'Q7', 'CUSTOM', 'Q3'], ['single', 'intro', 'multi'])).toEqual(['Q8', 'T2', 'Q9']);
  });

  it('starts at 1 in an empty survey', () => {
    expect(nextFreeCodes([], ['intro', 'free_text'])).toEqual(['T1', 'Q1']);
  });
});

describe('keepInternalLogic', () => {
  it('keeps only rules whose references all stay inside the group or are special destinations', () => {
    const group = new Set(['Q4', 'Q5']);
    const kept = keepInternalLogic(
      logic([branch('Q5', 'Q4'), branch('SO', 'Q5'), branch('Q9', 'Q4'), branch('Q5', 'Q1')], [visibility('Q4'), visibility('Q2')]),
      group,
    );
    expect(kept.branchRules.map((r) => r.destinationQuestionCode)).toEqual(['Q5', 'SO']);
    expect(kept.visibilityRules).toHaveLength(1);
  });
});

describe('copiesWithCodes', () => {
  it('gives copies fresh codes and points their references to the originals at the copies', () => {
    const originals = [
      { code: 'Q1', questionType: 'single' as const, ...logic([branch('Q2', 'Q1')]) },
      { code: 'Q2', questionType: 'single' as const, ...logic([branch('SO', 'Q1'), branch('Q9', 'Q7')], [visibility('Q2')]) },
    ];
    const copies = copiesWithCodes(originals, ['Q1', 'Q2', 'Q3']);
    expect(copies.map((c) => c.code)).toEqual(['Q4', 'Q5']);
    expect(copies[0].branchRules[0]).toMatchObject({ destinationQuestionCode: 'Q5', conditions: [{ sourceQuestionCode: 'Q4' }] });
    expect(copies[1].branchRules.map((r) => [r.destinationQuestionCode, r.conditions[0].sourceQuestionCode])).toEqual([
      ['SO', 'Q4'],
      ['Q9', 'Q7'],
    ]);
    expect(copies[1].visibilityRules[0].conditions[0].sourceQuestionCode).toBe('Q5');
  });

  it('a single duplicated question that refers to itself refers to its copy', () => {
    const [copy] = copiesWithCodes([{ code: 'Q2', questionType: 'multi' as const, ...logic([branch('Q2', 'Q2')]) }], ['Q1', 'Q2']);
    expect(copy).toMatchObject({
      code: 'Q3',
      branchRules: [{ destinationQuestionCode: 'Q3', conditions: [{ sourceQuestionCode: 'Q3' }] }],
    });
  });

  it('withFreshCodes numbers intro questions apart', () => {
    expect(
      withFreshCodes([{ questionType: 'intro' as const }, { questionType: 'single' as const }], ['T1', 'Q4']).map((q) => q.code),
    ).toEqual(['T2', 'Q5']);
  });
});
