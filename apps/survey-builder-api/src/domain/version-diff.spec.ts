import { type BranchRule, option, question } from './model';
import { type DiffQuestion, type DiffSection, diffVersions } from './version-diff';

const q = (stableId: string, code: string, extra: Partial<DiffQuestion> = {}): DiffQuestion => ({
  ...question('single', `${stableId}?`, { options: [option('はい'), option('いいえ')] }),
  stableId,
  code,
  ...extra,
});
const s = (stableId: string, ...questions: DiffQuestion[]): DiffSection => ({
  stableId,
  title: `S${stableId}`,
  description: '',
  questions,
});
const jump = (destination: string, source: string): BranchRule => ({
  logicalOperator: 'AND',
  conditions: [{ sourceQuestionCode: source, operator: 'equals', value: 'はい', subValue: null, subQuestionIndex: null }],
  destinationQuestionCode: destination,
  message: null,
});
const empty = {
  sections: { added: [], removed: [], moved: [], changed: [] },
  questions: { added: [], removed: [], moved: [], renamed: [], changed: [] },
};

describe('diffVersions', () => {
  it('finds nothing between identical versions', () => {
    const v = [s('a', q('1', 'Q1'), q('2', 'Q2')), s('b', q('3', 'Q3'))];
    expect(diffVersions(v, structuredClone(v))).toEqual(empty);
  });

  it('lists sections and questions added and removed, by stable id', () => {
    const diff = diffVersions(
      [s('a', q('1', 'Q1'), q('2', 'Q2')), s('b', q('3', 'Q3'))],
      [s('a', q('1', 'Q1'), q('4', 'Q4')), s('c', q('5', 'Q5'))],
    );
    expect(diff.sections.added).toEqual([{ stableId: 'c', title: 'Sc', position: 2 }]);
    expect(diff.sections.removed).toEqual([{ stableId: 'b', title: 'Sb', position: 2 }]);
    expect(diff.questions.added.map((x) => x.stableId)).toEqual(['4', '5']);
    expect(diff.questions.removed).toEqual([
      { stableId: '2', code: 'Q2', sectionStableId: 'a', position: 2 },
      { stableId: '3', code: 'Q3', sectionStableId: 'b', position: 1 },
    ]);
    expect(diff.questions.moved).toEqual([]);
  });

  it('reports as moved only what left its relative order or its section, not what an insertion shifted', () => {
    const from = [s('a', q('1', 'Q1'), q('2', 'Q2'), q('3', 'Q3')), s('b', q('4', 'Q4')), s('c')];
    const to = [s('c'), s('a', q('9', 'Q9'), q('1', 'Q1'), q('3', 'Q3'), q('2', 'Q2')), s('b', q('4', 'Q4'))];
    const diff = diffVersions(from, to);
    expect(diff.sections.moved).toEqual([{ stableId: 'c', title: 'Sc', fromPosition: 3, toPosition: 1 }]);
    // Q2 went behind Q3: of the two, Q2 left the order of the rest
    expect(diff.questions.moved).toEqual([
      { stableId: '2', code: 'Q2', fromSectionStableId: 'a', toSectionStableId: 'a', fromPosition: 2, toPosition: 4 },
    ]);
    // a swap of the first and the last reports those two, not the one in between
    expect(diffVersions([s('a'), s('b'), s('c')], [s('c'), s('b'), s('a')]).sections.moved.map((m) => m.stableId)).toEqual(['c', 'a']);
    const across = diffVersions([s('a', q('1', 'Q1')), s('b')], [s('a'), s('b', q('1', 'Q1'))]);
    expect(across.questions.moved).toEqual([
      { stableId: '1', code: 'Q1', fromSectionStableId: 'a', toSectionStableId: 'b', fromPosition: 1, toPosition: 1 },
    ]);
  });

  it('gives each changed field with its before and after', () => {
    const diff = diffVersions(
      [s('a', q('1', 'Q1'))],
      [{ ...s('a', q('1', 'Q1', { promptText: '新しい文', isRequired: true })), title: '新題' }],
    );
    expect(diff.sections.changed).toEqual([{ stableId: 'a', title: '新題', fields: [{ field: 'title', before: 'Sa', after: '新題' }] }]);
    expect(diff.questions.changed).toEqual([
      {
        stableId: '1',
        code: 'Q1',
        fields: [
          { field: 'promptText', before: '1?', after: '新しい文' },
          { field: 'isRequired', before: false, after: true },
        ],
      },
    ]);
  });

  it('compares choices by label and order, not by their regenerated ids', () => {
    const withIds = (ids: string[]) => q('1', 'Q1', { options: [option('はい'), option('いいえ')].map((o, i) => ({ ...o, id: ids[i] })) });
    expect(diffVersions([s('a', withIds(['x', 'y']))], [s('a', withIds(['z', 'w']))])).toEqual(empty);
    const swapped = diffVersions([s('a', q('1', 'Q1'))], [s('a', q('1', 'Q1', { options: [option('いいえ'), option('はい')] }))]);
    expect(swapped.questions.changed[0].fields.map((f) => f.field)).toEqual(['options']);
  });

  it('shows a renumber as renamed codes, not as changed logic', () => {
    const from = [s('a', q('1', 'Q2', { branchRules: [jump('Q1', 'Q2')] }), q('2', 'Q1'))];
    const to = [s('a', q('1', 'Q1', { branchRules: [jump('Q2', 'Q1')] }), q('2', 'Q2'))];
    const diff = diffVersions(from, to);
    expect(diff.questions.renamed).toEqual([
      { stableId: '1', fromCode: 'Q2', toCode: 'Q1' },
      { stableId: '2', fromCode: 'Q1', toCode: 'Q2' },
    ]);
    expect(diff.questions.changed).toEqual([]);
  });

  it('shows logic that now points elsewhere as a changed rule', () => {
    const from = [s('a', q('1', 'Q1', { branchRules: [jump('Q2', 'Q1')] }), q('2', 'Q2'), q('3', 'Q3'))];
    const to = [s('a', q('1', 'Q1', { branchRules: [jump('Q3', 'Q1')] }), q('2', 'Q2'), q('3', 'Q3'))];
    expect(diffVersions(from, to).questions.changed).toEqual([
      { stableId: '1', code: 'Q1', fields: [{ field: 'branchRules', before: [jump('Q2', 'Q1')], after: [jump('Q3', 'Q1')] }] },
    ]);
  });
});
