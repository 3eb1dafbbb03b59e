import type { BranchRule, VisibilityRule } from '../domain/model';
import { repointedRules } from './renumber.service';

const condition = (source: string) => ({
  sourceQuestionCode: source,
  operator: 'equals' as const,
  value: 'はい',
  subValue: null,
  subQuestionIndex: null,
});
const branch = (source: string, destination: string): BranchRule => ({
  logicalOperator: 'AND',
  conditions: [condition(source)],
  destinationQuestionCode: destination,
  message: null,
});
const visibility = (source: string): VisibilityRule => ({ logicalOperator: 'OR', conditions: [condition(source)], targets: [] });

describe('repointedRules (the rule diff of a renumber)', () => {
  it('returns only the rules whose references change, each re-pointed once through the old codes', () => {
    const rules = {
      branch: [
        { id: 'b1', rule: branch('Q2', 'Q3') },
        { id: 'b2', rule: branch('Q9', 'SO') },
        { id: 'b3', rule: branch('Q1', 'Q2') },
      ],
      visibility: [
        { id: 'v1', rule: visibility('Q3') },
        { id: 'v2', rule: visibility('Q9') },
      ],
    };
    // a swap: Q1 and Q2 trade codes, Q3 becomes Q4
    const result = repointedRules(
      rules,
      new Map([
        ['Q1', 'Q2'],
        ['Q2', 'Q1'],
        ['Q3', 'Q4'],
      ]),
    );
    expect(result.branch).toEqual([
      { id: 'b1', rule: branch('Q1', 'Q4') },
      { id: 'b3', rule: branch('Q2', 'Q1') },
    ]);
    expect(result.visibility).toEqual([{ id: 'v1', rule: visibility('Q4') }]);
  });

  it('changes nothing for an empty mapping', () => {
    expect(repointedRules({ branch: [{ id: 'b', rule: branch('Q1', 'Q2') }], visibility: [] }, new Map())).toEqual({
      branch: [],
      visibility: [],
    });
  });
});
