import { type CheckedQuestion, type CheckedSection, checkLogic } from './logic-check';
import { type BranchCondition, type BranchRule, option, question, type QuestionType } from './model';

let counter = 0;
const q = (code: string, type: QuestionType = 'single', extra: Partial<CheckedQuestion> = {}): CheckedQuestion => ({
  ...question(type, `${code}?`, { options: type === 'intro' ? [] : [option('はい'), option('いいえ')] }),
  id: `id-${++counter}`,
  code,
  ...extra,
});
const when = (source: string, value = 'はい', extra: Partial<BranchCondition> = {}): BranchCondition => ({
  sourceQuestionCode: source,
  operator: 'equals',
  value,
  subValue: null,
  subQuestionIndex: null,
  ...extra,
});
const jump = (destination: string, conditions: BranchCondition[]): BranchRule => ({
  logicalOperator: 'AND',
  conditions,
  destinationQuestionCode: destination,
  message: null,
});
const section = (id: string, ...questions: CheckedQuestion[]): CheckedSection => ({ id, title: `セクション${id}`, questions });
const codesOf = (sections: CheckedSection[]) => checkLogic(sections).map((i) => [i.code, i.questionCode]);

describe('checkLogic', () => {
  it('finds nothing wrong in a well-formed survey', () => {
    const sections = [
      section('a', q('T1', 'intro'), q('Q1', 'single', { branchRules: [jump('Q3', [when('Q1')])] })),
      section('b', q('Q2'), q('Q3', 'multi', { minSelections: 1, maxSelections: 2, branchRules: [jump('SO', [when('Q3', 'いいえ')])] })),
    ];
    expect(checkLogic(sections)).toEqual([]);
  });

  it('names the question and section of each issue, with a Japanese message', () => {
    const [issue] = checkLogic([section('a', q('Q1', 'single', { branchRules: [jump('Q9', [when('Q1')])] }))]);
    expect(issue).toEqual({
      code: 'DANGLING_DESTINATION',
      severity: 'error',
      questionCode: 'Q1',
      questionId: expect.any(String),
      sectionId: 'a',
      sectionTitle: 'セクションa',
      message: '分岐先の設問 Q9 がこの版にありません。',
    });
  });

  it('finds condition sources that do not exist, in branches and visibility rules', () => {
    const sections = [
      section(
        'a',
        q('Q1'),
        q('Q2', 'single', {
          branchRules: [jump('Q3', [when('Q7')])],
          visibilityRules: [{ logicalOperator: 'OR', conditions: [when('Q8')], targets: [] }],
        }),
        q('Q3'),
      ),
    ];
    expect(codesOf(sections)).toEqual([
      ['DANGLING_CONDITION_SOURCE', 'Q2'],
      ['DANGLING_CONDITION_SOURCE', 'Q2'],
    ]);
  });

  it('warns of branches backwards and reports cycles of branches once', () => {
    const sections = [section('a', q('Q1'), q('Q2'), q('Q3', 'single', { branchRules: [jump('Q1', [when('Q3')])] }), q('Q4'))];
    expect(codesOf(sections)).toEqual([
      ['BRANCH_CYCLE', 'Q1'],
      ['BACKWARD_BRANCH', 'Q3'],
    ]);
    expect(checkLogic(sections)[0].message).toBe('分岐が循環しています: Q1 → Q2 → Q3 → Q1');
  });

  it('finds questions no path reaches: skipped by a jump that always happens', () => {
    const sections = [section('a', q('Q1', 'single', { branchRules: [jump('Q4', [])] }), q('Q2'), q('Q3'), q('Q4'))];
    expect(codesOf(sections)).toEqual([
      ['UNREACHABLE_QUESTION', 'Q2'],
      ['UNREACHABLE_QUESTION', 'Q3'],
    ]);
  });

  it('keeps questions reachable past a conditional jump, an end, or an exclusive setting on the question itself', () => {
    const sections = [
      section(
        'a',
        q('Q1', 'single', { branchRules: [jump('Q3', [when('Q1')]), jump('Q1', [])] }),
        q('Q2', 'single', { branchRules: [jump('SC', [when('Q2')])] }),
        q('Q3'),
      ),
    ];
    expect(checkLogic(sections)).toEqual([]);
  });

  it('finds condition values that are not labels of the source: choices, matrix rows and columns, sub-questions, fields', () => {
    const matrix = q('Q2', 'matrix', { matrixRows: [option('味')], matrixColumns: [option('満足')] });
    const sub = q('Q3', 'single', { subQuestions: [{ label: '小問', options: [{ label: 'A' }] }] });
    const text = q('Q4', 'free_text', { freeTextFields: [{ label: 'ご意見', placeholder: null, isRequired: false }] });
    const target = q('Q5', 'single', {
      visibilityRules: [
        {
          logicalOperator: 'OR',
          targets: [],
          conditions: [
            when('Q1', 'たぶん'),
            when('Q2', '香り'),
            when('Q2', '味', { subValue: '不満' }),
            when('Q2', '味', { subValue: '満足' }),
            when('Q3', 'B', { subQuestionIndex: 0 }),
            when('Q3', 'A', { subQuestionIndex: 3 }),
            when('Q4', 'よい', { operator: 'includes', subValue: '感想' }),
            when('Q1', '', { operator: 'answered' }),
          ],
        },
      ],
    });
    const issues = checkLogic([section('a', q('Q1'), matrix, sub, text, target)]);
    expect(issues.map((i) => [i.code, i.message])).toEqual([
      ['UNSATISFIABLE_CONDITION', '条件の値「たぶん」は Q1 の選択肢にありません。'],
      ['UNSATISFIABLE_CONDITION', '条件の値「香り」は Q2 の行にありません。'],
      ['UNSATISFIABLE_CONDITION', '条件の列「不満」は Q2 の列にありません。'],
      ['UNSATISFIABLE_CONDITION', '条件の値「B」は Q3 の小問の選択肢にありません。'],
      ['UNSATISFIABLE_CONDITION', 'Q3 に 4 番目の小問はありません。'],
      ['UNSATISFIABLE_CONDITION', '入力欄「感想」は Q4 にありません。'],
    ]);
  });

  it('refuses intro questions as condition sources', () => {
    const sections = [section('a', q('T1', 'intro'), q('Q1', 'single', { branchRules: [jump('SO', [when('T1')])] }))];
    expect(codesOf(sections)).toEqual([['INTRO_CONDITION_SOURCE', 'Q1']]);
  });

  it('finds selection minimums that cannot be met', () => {
    const sections = [section('a', q('Q1', 'multi', { minSelections: 3 }), q('Q2', 'multi', { minSelections: 2, maxSelections: 1 }))];
    expect(checkLogic(sections).map((i) => [i.code, i.questionCode, i.message])).toEqual([
      ['MIN_SELECTIONS_TOO_HIGH', 'Q1', '最小選択数 3 が選択肢の数 2 を超えています。'],
      ['MIN_SELECTIONS_TOO_HIGH', 'Q2', '最小選択数 2 が最大選択数 1 を超えています。'],
    ]);
  });

  it('warns of codes renumbering would change', () => {
    const sections = [section('a', q('T1', 'intro'), q('Q1')), section('b', q('Q5'), q('Q2'))];
    expect(checkLogic(sections).map((i) => [i.code, i.severity, i.message])).toEqual([
      ['NONSTANDARD_CODE', 'warning', 'コード Q5 は採番し直すと Q2 になります。'],
      ['NONSTANDARD_CODE', 'warning', 'コード Q2 は採番し直すと Q3 になります。'],
    ]);
  });

  it('takes an empty version', () => {
    expect(checkLogic([])).toEqual([]);
    expect(checkLogic([section('a')])).toEqual([]);
  });
});
