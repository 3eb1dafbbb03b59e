import { renumberMapping } from './codes';
import { type BranchCondition, type QuestionContent, SPECIAL_DESTINATIONS } from './model';

/** One question of the version being checked, in order, with where it sits. */
export interface CheckedQuestion extends QuestionContent {
  id: string;
  code: string;
}

export interface CheckedSection {
  id: string;
  title: string;
  questions: CheckedQuestion[];
}

export const LOGIC_ISSUE_CODES = [
  'DANGLING_DESTINATION',
  'DANGLING_CONDITION_SOURCE',
  'BACKWARD_BRANCH',
  'BRANCH_CYCLE',
  'UNREACHABLE_QUESTION',
  'UNSATISFIABLE_CONDITION',
  'INTRO_CONDITION_SOURCE',
  'MIN_SELECTIONS_TOO_HIGH',
  'NONSTANDARD_CODE',
] as const;

export type LogicIssueCode = (typeof LOGIC_ISSUE_CODES)[number];

export interface LogicIssue {
  code: LogicIssueCode;
  severity: 'error' | 'warning';
  /** The question the issue sits on, and its section. */
  questionCode: string;
  questionId: string;
  sectionId: string;
  sectionTitle: string;
  /** For people, in Japanese. */
  message: string;
}

interface Placed {
  question: CheckedQuestion;
  section: CheckedSection;
  index: number;
}

const CHOICE_OPERATORS = new Set(['equals', 'includes', 'not_includes', 'only', 'not_only']);
const isSpecial = (code: string) => (SPECIAL_DESTINATIONS as readonly string[]).includes(code);

/** A jump that always happens: a branch rule without conditions to another question or an end. */
const isUnconditionalJump = (q: CheckedQuestion) =>
  q.branchRules.some((r) => r.conditions.length === 0 && r.destinationQuestionCode !== q.code);

/**
 * The logic problems of one version (the logic check): references to codes that do not exist, branches
 * backwards and in cycles, questions no path reaches, conditions that can never hold, intro questions used as
 * condition sources, selection minimums that cannot be met, and codes renumbering would change. Pure: the
 * same snapshot always gives the same issues, in question order.
 */
export function checkLogic(sections: readonly CheckedSection[]): LogicIssue[] {
  const placed: Placed[] = sections.flatMap((section) => section.questions.map((question) => ({ question, section, index: 0 })));
  placed.forEach((p, index) => (p.index = index));
  const byCode = new Map(placed.map((p) => [p.question.code, p]));
  const issues: LogicIssue[] = [];
  const report = (at: Placed, code: LogicIssueCode, severity: LogicIssue['severity'], message: string) =>
    issues.push({
      code,
      severity,
      questionCode: at.question.code,
      questionId: at.question.id,
      sectionId: at.section.id,
      sectionTitle: at.section.title,
      message,
    });

  for (const at of placed) {
    const q = at.question;
    for (const rule of q.branchRules) {
      const destination = rule.destinationQuestionCode;
      if (isSpecial(destination) || destination === q.code) continue;
      const target = byCode.get(destination);
      if (!target) report(at, 'DANGLING_DESTINATION', 'error', `分岐先の設問 ${destination} がこの版にありません。`);
      else if (target.index < at.index) report(at, 'BACKWARD_BRANCH', 'warning', `分岐先 ${destination} はこの設問より前にあります。`);
    }
    for (const condition of [...q.branchRules, ...q.visibilityRules].flatMap((rule) => rule.conditions)) {
      const source = byCode.get(condition.sourceQuestionCode);
      if (!source) {
        report(at, 'DANGLING_CONDITION_SOURCE', 'error', `条件が参照する設問 ${condition.sourceQuestionCode} がこの版にありません。`);
      } else if (source.question.questionType === 'intro') {
        report(at, 'INTRO_CONDITION_SOURCE', 'error', `説明の設問 ${condition.sourceQuestionCode} は条件に使えません。`);
      } else {
        const problem = conditionProblem(condition, source.question);
        if (problem) report(at, 'UNSATISFIABLE_CONDITION', 'error', problem);
      }
    }
    if (q.questionType === 'multi' && q.minSelections !== null) {
      if (q.minSelections > q.options.length) {
        report(at, 'MIN_SELECTIONS_TOO_HIGH', 'error', `最小選択数 ${q.minSelections} が選択肢の数 ${q.options.length} を超えています。`);
      } else if (q.maxSelections !== null && q.minSelections > q.maxSelections) {
        report(at, 'MIN_SELECTIONS_TOO_HIGH', 'error', `最小選択数 ${q.minSelections} が最大選択数 ${q.maxSelections} を超えています。`);
      }
    }
  }

  const successors = placed.map((at) => flowOf(at, placed, byCode));
  for (const cycle of cyclesOf(successors)) {
    const codes = cycle.map((i) => placed[i].question.code);
    report(placed[cycle[0]], 'BRANCH_CYCLE', 'error', `分岐が循環しています: ${[...codes, codes[0]].join(' → ')}`);
  }
  const reached = reachable(successors);
  for (const at of placed) {
    if (!reached.has(at.index)) report(at, 'UNREACHABLE_QUESTION', 'warning', 'どの回答経路からもこの設問に到達できません。');
  }

  const renumbered = renumberMapping(placed.map((p) => p.question));
  for (const at of placed) {
    const next = renumbered.get(at.question.code);
    if (next) report(at, 'NONSTANDARD_CODE', 'warning', `コード ${at.question.code} は採番し直すと ${next} になります。`);
  }
  return issues.sort((a, b) => byCode.get(a.questionCode)!.index - byCode.get(b.questionCode)!.index);
}

/** Why a condition on `source` can never hold as written, if it cannot. */
function conditionProblem(condition: BranchCondition, source: CheckedQuestion): string | undefined {
  const labels = (items: Array<{ label: string }>) => new Set(items.map((item) => item.label));
  const name = source.code;
  if (!CHOICE_OPERATORS.has(condition.operator)) {
    if (condition.subValue !== null && source.questionType === 'free_text' && !labels(source.freeTextFields).has(condition.subValue)) {
      return `入力欄「${condition.subValue}」は ${name} にありません。`;
    }
    return undefined;
  }
  if (condition.subQuestionIndex !== null) {
    const sub = source.subQuestions[condition.subQuestionIndex];
    if (!sub) return `${name} に ${condition.subQuestionIndex + 1} 番目の小問はありません。`;
    return labels(sub.options).has(condition.value) ? undefined : `条件の値「${condition.value}」は ${name} の小問の選択肢にありません。`;
  }
  switch (source.questionType) {
    case 'single':
    case 'multi':
    case 'pulldown':
      return labels(source.options).has(condition.value) ? undefined : `条件の値「${condition.value}」は ${name} の選択肢にありません。`;
    case 'matrix':
      if (!labels(source.matrixRows).has(condition.value)) return `条件の値「${condition.value}」は ${name} の行にありません。`;
      if (condition.subValue !== null && !labels(source.matrixColumns).has(condition.subValue)) {
        return `条件の列「${condition.subValue}」は ${name} の列にありません。`;
      }
      return undefined;
    case 'free_text':
      if (condition.subValue !== null && !labels(source.freeTextFields).has(condition.subValue)) {
        return `入力欄「${condition.subValue}」は ${name} にありません。`;
      }
      return undefined;
    default:
      return undefined;
  }
}

/**
 * Where a respondent can go from a question: the next question (unless a branch without conditions always
 * jumps away) and every question its branches name. Ends (SO, SC, SX) and a rule naming the question itself
 * (an exclusive setting) lead nowhere.
 */
function flowOf(at: Placed, placed: Placed[], byCode: Map<string, Placed>): number[] {
  const next = new Set<number>();
  if (!isUnconditionalJump(at.question) && at.index + 1 < placed.length) next.add(at.index + 1);
  for (const rule of at.question.branchRules) {
    const target = byCode.get(rule.destinationQuestionCode);
    if (target && target.index !== at.index) next.add(target.index);
  }
  return [...next];
}

function reachable(successors: number[][]): Set<number> {
  const seen = new Set<number>(successors.length ? [0] : []);
  const stack = [...seen];
  while (stack.length) {
    for (const next of successors[stack.pop()!]) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return seen;
}

/** The strongly connected groups of more than one question (Tarjan, without recursion), in question order. */
function cyclesOf(successors: number[][]): number[][] {
  const index = new Array<number>(successors.length).fill(-1);
  const low = new Array<number>(successors.length).fill(0);
  const onStack = new Array<boolean>(successors.length).fill(false);
  const stack: number[] = [];
  const groups: number[][] = [];
  let counter = 0;
  for (let start = 0; start < successors.length; start++) {
    if (index[start] !== -1) continue;
    const work: Array<[number, number]> = [[start, 0]];
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, edge] = frame;
      if (edge === 0) {
        index[node] = low[node] = counter++;
        stack.push(node);
        onStack[node] = true;
      }
      if (edge < successors[node].length) {
        frame[1] += 1;
        const next = successors[node][edge];
        if (index[next] === -1) work.push([next, 0]);
        else if (onStack[next]) low[node] = Math.min(low[node], index[next]);
        continue;
      }
      work.pop();
      if (work.length) low[work[work.length - 1][0]] = Math.min(low[work[work.length - 1][0]], low[node]);
      if (low[node] === index[node]) {
        const group: number[] = [];
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = false;
          group.push(member);
        } while (member !== node);
        if (group.length > 1) groups.push(group.sort((a, b) => a - b));
      }
    }
  }
  return groups.sort((a, b) => a[0] - b[0]);
}
