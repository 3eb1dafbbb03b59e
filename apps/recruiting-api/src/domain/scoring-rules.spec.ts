import { parseScoringRules, ScoringRuleError } from './scoring-rules';

describe('scoring rules', () => {
  it('parses conditions and groups in the responseFilter language, with negative and decimal points', () => {
    const rules = parseScoringRules([
      { when: { field: 'age', operator: 'in', value: [20, 21] }, points: 2.5 },
      { when: { logic: 'or', conditions: [{ field: 'attributes.pref', operator: 'eq', value: '東京都' }] }, points: -1 },
    ]);
    expect(rules.map((r) => [r.when.kind, r.points])).toEqual([
      ['condition', 2.5],
      ['group', -1],
    ]);
  });

  it.each([
    [{}, 'must be an array'],
    [[{ when: { field: 'a', operator: 'eq', value: 1 } }], 'scoringRules[0].points must be a finite number'],
    [[{ when: { field: 'a', operator: 'eq', value: 1 }, points: '3' }], 'scoringRules[0].points'],
    [[{ points: 1 }], 'scoringRules[0].when must be a condition or a group'],
    [
      [
        { when: { field: 'a', operator: 'eq', value: 1 }, points: 1 },
        { when: { field: 'a', operator: 'gt', value: 1 }, points: 1 },
      ],
      'scoringRules[1].when.operator',
    ],
    [[{ when: { field: 'a', operator: 'eq', value: 1 }, points: 1, weight: 2 }], 'scoringRules[0].weight is not a rule key'],
    [[null], 'scoringRules[0] must be an object'],
  ])('refuses %j, naming the rule', (rules, message) => {
    expect(() => parseScoringRules(rules)).toThrow(ScoringRuleError);
    expect(() => parseScoringRules(rules)).toThrow(message);
  });
});
