import { type BranchRule, type QuestionLogic, type QuestionType, SPECIAL_DESTINATIONS, type VisibilityRule } from './model';

/** Code prefix by type: T for intro questions (explanations), Q for everything else. */
export function codePrefix(type: QuestionType): 'T' | 'Q' {
  return type === 'intro' ? 'T' : 'Q';
}

export interface CodedQuestion {
  code: string;
  questionType: QuestionType;
}

/**
 * The codes renumbering gives, in order of appearance (sections, then questions): T1, T2 for intro
 * questions, Q1, Q2 for the rest. Returns only the codes that change, old code to new.
 */
export function renumberMapping(questionsInOrder: readonly CodedQuestion[]): Map<string, string> {
  const counters = { T: 0, Q: 0 };
  const mapping = new Map<string, string>();
  for (const question of questionsInOrder) {
    const prefix = codePrefix(question.questionType);
    const code = `${prefix}${++counters[prefix]}`;
    if (code !== question.code) mapping.set(question.code, code);
  }
  return mapping;
}

/**
 * Fresh codes for new questions that collide with nothing in the survey: one past the highest T or Q
 * number in use. Clients renumber afterwards to close gaps.
 */
export function nextFreeCodes(existingCodes: Iterable<string>, types: readonly QuestionType[]): string[] {
  const highest = { T: 0, Q: 0 };
  for (const code of existingCodes) {
    const match = /^([TQ])(\d+)$/.exec(code);
    if (match) highest[match[1] as 'T' | 'Q'] = Math.max(highest[match[1] as 'T' | 'Q'], Number(match[2]));
  }
  return types.map((type) => {
    const prefix = codePrefix(type);
    return `${prefix}${++highest[prefix]}`;
  });
}

const isSpecial = (code: string) => (SPECIAL_DESTINATIONS as readonly string[]).includes(code);

/**
 * Re-points a question's logic through `mapping` (old code to new). Each reference is looked up once
 * against the old values, so a swap (Q1 to Q2 and Q2 to Q1) never double-replaces; codes not in the
 * mapping (unchanged ones, deleted questions) and special destinations stay as they are.
 */
export function repointLogic(logic: QuestionLogic, mapping: ReadonlyMap<string, string>): QuestionLogic {
  const to = (code: string) => mapping.get(code) ?? code;
  const conditions = (rule: BranchRule | VisibilityRule) =>
    rule.conditions.map((c) => ({ ...c, sourceQuestionCode: to(c.sourceQuestionCode) }));
  return {
    branchRules: logic.branchRules.map((rule) => ({
      ...rule,
      conditions: conditions(rule),
      destinationQuestionCode: isSpecial(rule.destinationQuestionCode) ? rule.destinationQuestionCode : to(rule.destinationQuestionCode),
    })),
    visibilityRules: logic.visibilityRules.map((rule) => ({ ...rule, conditions: conditions(rule) })),
  };
}

/** Codes a rule refers to: its condition sources and, for branches, a destination that is a question. */
function referencedCodes(rule: BranchRule | VisibilityRule): string[] {
  const sources = rule.conditions.map((c) => c.sourceQuestionCode);
  if ('destinationQuestionCode' in rule && !isSpecial(rule.destinationQuestionCode)) return [...sources, rule.destinationQuestionCode];
  return sources;
}

/**
 * The rules of a copied group of questions that refer only to questions inside the group (or to special
 * destinations). Rules reaching outside would point at unrelated questions in the new place.
 */
export function keepInternalLogic(logic: QuestionLogic, groupCodes: ReadonlySet<string>): QuestionLogic {
  const internal = (rule: BranchRule | VisibilityRule) => referencedCodes(rule).every((code) => groupCodes.has(code));
  return { branchRules: logic.branchRules.filter(internal), visibilityRules: logic.visibilityRules.filter(internal) };
}

/** New questions with codes that collide with nothing in the survey. */
export function withFreshCodes<Q extends { questionType: QuestionType }>(
  questions: Q[],
  existingCodes: string[],
): Array<Q & { code: string }> {
  const codes = nextFreeCodes(
    existingCodes,
    questions.map((q) => q.questionType),
  );
  return questions.map((q, i) => ({ ...q, code: codes[i] }));
}

/**
 * Copies of questions for a new place: fresh codes, and the copies' own logic re-pointed from the
 * originals' codes to the copies' codes (references to other questions stay).
 */
export function copiesWithCodes<Q extends QuestionLogic & CodedQuestion>(
  originals: Q[],
  existingCodes: string[],
): Array<Q & { code: string }> {
  const copies = withFreshCodes(originals, existingCodes);
  const mapping = new Map(originals.map((q, i) => [q.code, copies[i].code]));
  return copies.map((copy) => ({ ...copy, ...repointLogic(copy, mapping) }));
}
