import type { QuestionContent } from './model';

/**
 * How large a survey may grow (docs/decisions.md, "The survey builder's bounds"): comfortably above real
 * questionnaires (a long one has a few hundred questions; `npm run bench:builder` measures 1,000), so that what one
 * request reads, copies or answers stays bounded. The counts are of the latest version, the working copy; copies of a
 * version (save, rollback, duplicates) stay within them by construction.
 */
export const SURVEY_LIMITS = {
  sections: 200,
  questions: 2000,
} as const;

/** The arrays of one question, by count (the request bodies' maxItems; stored and copied content is held to the same). */
export const QUESTION_LIMITS = {
  options: 1000,
  matrixRows: 500,
  matrixColumns: 500,
  freeTextFields: 100,
  subQuestions: 100,
  /** Choices of each sub-question. */
  subQuestionOptions: 500,
  branchRules: 100,
  visibilityRules: 100,
  /** Conditions of each branch or visibility rule. */
  conditions: 50,
  /** Targets of each visibility rule. */
  visibilityTargets: 500,
} as const;

/** How the operations that grow a survey document their limit refusals (400), beside a malformed body. */
export const LIMIT_REFUSALS = {
  sections: `SECTION_LIMIT_EXCEEDED: the survey would hold more than ${SURVEY_LIMITS.sections} sections`,
  questions: `QUESTION_LIMIT_EXCEEDED: the survey would hold more than ${SURVEY_LIMITS.questions} questions`,
  content: 'QUESTION_CONTENT_LIMIT_EXCEEDED: a question copied or imported holds more than a question may (its field named in details)',
} as const;

/** A limit a change would break: which one, the count it would reach, and where (a field path). */
export interface LimitBreach {
  limit: 'sections' | 'questions' | keyof typeof QUESTION_LIMITS;
  max: number;
  count: number;
  field: string;
}

export interface SurveySize {
  sections: number;
  questions: number;
}

/** The survey limit that adding `added` to a latest version of `size` would break, if any (sections first). */
export function surveyLimitBreach(size: SurveySize, added: SurveySize): LimitBreach | undefined {
  for (const limit of ['sections', 'questions'] as const) {
    const count = size[limit] + added[limit];
    if (added[limit] > 0 && count > SURVEY_LIMITS[limit]) return { limit, max: SURVEY_LIMITS[limit], count, field: limit };
  }
  return undefined;
}

/** Every array of a question's content over its limit, each with its field path under `at` (e.g. `questions.3`). */
export function questionLimitBreaches(question: QuestionContent, at = ''): LimitBreach[] {
  const path = (field: string) => (at ? `${at}.${field}` : field);
  const breaches: LimitBreach[] = [];
  const check = (limit: keyof typeof QUESTION_LIMITS, count: number, field: string) => {
    if (count > QUESTION_LIMITS[limit]) breaches.push({ limit, max: QUESTION_LIMITS[limit], count, field: path(field) });
  };
  for (const field of [
    'options',
    'matrixRows',
    'matrixColumns',
    'freeTextFields',
    'subQuestions',
    'branchRules',
    'visibilityRules',
  ] as const) {
    check(field, question[field].length, field);
  }
  question.subQuestions.forEach((sub, i) => check('subQuestionOptions', sub.options.length, `subQuestions.${i}.options`));
  question.branchRules.forEach((rule, i) => check('conditions', rule.conditions.length, `branchRules.${i}.conditions`));
  question.visibilityRules.forEach((rule, i) => {
    check('conditions', rule.conditions.length, `visibilityRules.${i}.conditions`);
    check('visibilityTargets', rule.targets.length, `visibilityRules.${i}.targets`);
  });
  return breaches;
}

/**
 * What adding `sections` new sections holding `questions` to a latest version of `size` would break: the survey's
 * limits first (then nothing else is said), else every question's content, its fields under `fieldOf(i)`.
 */
export function additionBreaches(
  size: SurveySize,
  sections: number,
  questions: QuestionContent[],
  fieldOf: (index: number) => string,
): LimitBreach[] {
  const survey = surveyLimitBreach(size, { sections, questions: questions.length });
  if (survey) return [survey];
  return questions.flatMap((question, index) => questionLimitBreaches(question, fieldOf(index)));
}

/** What a breach says to a client: the limit, its maximum, and the count the change would have reached. */
export function breachMessage(breach: LimitBreach): string {
  const what =
    breach.limit === 'sections' || breach.limit === 'questions'
      ? `A survey holds at most ${breach.max} ${breach.limit}`
      : `${breach.field} holds at most ${breach.max} items`;
  return `${what}; this would make ${breach.count}`;
}
