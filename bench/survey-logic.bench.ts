// The builder's logic check and version diff at size: two versions of 50 sections x 20 questions (1,000
// questions, 5 choices, one branch rule and one visibility rule each; the second renumbered, edited and
// reordered). Targets: logic check < 50 ms, diff < 100 ms (medians of 30 runs). The floor beside them is a
// structured clone of the same snapshot: one pass over every question, choice and rule.
// Run: npm run bench:logic   (pure functions: no services needed)
import { checkLogic, type CheckedSection } from '../apps/survey-builder-api/src/domain/logic-check';
import { type BranchRule, option, question } from '../apps/survey-builder-api/src/domain/model';
import { diffVersions, type DiffSection } from '../apps/survey-builder-api/src/domain/version-diff';
import { median, report, runBench, size } from './bench-kit';

const SECTIONS = size(50, 5);
const PER_SECTION = size(20, 4);
const RUNS = size(30, 3);

const rule = (source: string, destination: string): BranchRule => ({
  logicalOperator: 'AND',
  conditions: [{ sourceQuestionCode: source, operator: 'equals', value: '選択肢 1', subValue: null, subQuestionIndex: null }],
  destinationQuestionCode: destination,
  message: null,
});

function version(codeOf: (n: number) => string): Array<CheckedSection & DiffSection> {
  const total = SECTIONS * PER_SECTION;
  return Array.from({ length: SECTIONS }, (_, s) => ({
    id: `section-${s}`,
    stableId: `section-${s}`,
    title: `セクション ${s + 1}`,
    description: '',
    questions: Array.from({ length: PER_SECTION }, (_, i) => {
      const n = s * PER_SECTION + i + 1;
      return {
        ...question('single', `設問 ${n} について、最も当てはまるものをお選びください。`, {
          options: [1, 2, 3, 4, 5].map((o) => option(`選択肢 ${o}`)),
          branchRules: [rule(codeOf(n), codeOf((n % total) + 1))],
          visibilityRules: [{ logicalOperator: 'OR', conditions: [rule(codeOf(Math.max(1, n - 1)), 'SO').conditions[0]], targets: [] }],
        }),
        id: `question-${n}`,
        stableId: `question-${n}`,
        code: codeOf(n),
      };
    }),
  }));
}

function timed(work: () => unknown): number {
  for (let i = 0; i < 5; i++) work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return median(times);
}

runBench(
  'logic',
  async () => {
    const from = version((n) => `Q${n}`);
    const to = version((n) => `Q${n + 1}`);
    to[0].questions[0].promptText = '変更しました';
    to.push(to.shift()!);

    const issues = checkLogic(from).length;
    const floor = timed(() => structuredClone(from));
    const check = timed(() => checkLogic(from));
    const diff = timed(() => diffVersions(from, to));
    const changes = diffVersions(from, to);
    console.log(
      `logic check and version diff: ${SECTIONS * PER_SECTION} questions (${issues} issues found; diff: ${changes.questions.renamed.length} renamed, ${changes.questions.changed.length} changed, ${changes.sections.moved.length} sections moved)`,
    );
    const figure = (what: string, value: number, limit: number) =>
      report({ figure: `${what}, median of ${RUNS} (floor: structuredClone)`, value, unit: 'ms', floor, targets: [{ op: '<', limit }] });
    figure('logic check', check, 50);
    figure('version diff', diff, 100);
  },
  { services: false },
);
