import { type BranchRule, type OptionContent, type QuestionContent, SPECIAL_DESTINATIONS, type VisibilityRule } from './model';

/** A question of a version, named by its stable id (kept across versions). */
export interface DiffQuestion extends QuestionContent {
  stableId: string;
  code: string;
}

export interface DiffSection {
  stableId: string;
  title: string;
  description: string;
  questions: DiffQuestion[];
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface SectionEntry {
  stableId: string;
  title: string;
  position: number;
}

export interface SectionMove {
  stableId: string;
  title: string;
  fromPosition: number;
  toPosition: number;
}

export interface SectionChange {
  stableId: string;
  title: string;
  fields: FieldChange[];
}

export interface QuestionEntry {
  stableId: string;
  code: string;
  sectionStableId: string;
  position: number;
}

export interface QuestionMove {
  stableId: string;
  code: string;
  fromSectionStableId: string;
  toSectionStableId: string;
  fromPosition: number;
  toPosition: number;
}

export interface QuestionRename {
  stableId: string;
  fromCode: string;
  toCode: string;
}

export interface QuestionChange {
  stableId: string;
  code: string;
  fields: FieldChange[];
}

export interface VersionDiff {
  sections: { added: SectionEntry[]; removed: SectionEntry[]; moved: SectionMove[]; changed: SectionChange[] };
  questions: {
    added: QuestionEntry[];
    removed: QuestionEntry[];
    moved: QuestionMove[];
    renamed: QuestionRename[];
    changed: QuestionChange[];
  };
}

/** Question fields compared as they are (choices and logic are compared below, by meaning). */
const PLAIN_FIELDS = [
  'questionType',
  'promptText',
  'noteText',
  'isRequired',
  'isLinkedToPrevious',
  'isSingleMatrixSelect',
  'minSelections',
  'maxSelections',
  'freeTextFields',
  'subQuestions',
] as const;
const CHOICE_FIELDS = ['options', 'matrixRows', 'matrixColumns'] as const;

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
const isSpecial = (code: string) => (SPECIAL_DESTINATIONS as readonly string[]).includes(code);

/** Choices by label, flags and order: their ids are new on every update, so they say nothing. */
const choiceContent = (choices: OptionContent[]) =>
  choices.map((c) => ({
    label: c.label,
    isExclusive: c.isExclusive,
    allowOtherInput: c.allowOtherInput,
    isNotApplicable: c.isNotApplicable,
    axis: c.axis,
    placeholder: c.placeholder,
    fieldIsRequired: c.fieldIsRequired,
  }));

/** Rules with every code replaced by the stable id of the question it names, so a renumber alone changes nothing. */
function rulesByMeaning(rules: Array<BranchRule | VisibilityRule>, stableOf: ReadonlyMap<string, string>): unknown[] {
  const ref = (code: string) => (isSpecial(code) ? code : (stableOf.get(code) ?? `missing:${code}`));
  return rules.map((rule) => ({
    ...rule,
    conditions: rule.conditions.map((c) => ({ ...c, sourceQuestionCode: ref(c.sourceQuestionCode) })),
    ...('destinationQuestionCode' in rule ? { destinationQuestionCode: ref(rule.destinationQuestionCode) } : {}),
  }));
}

/**
 * The items that keep their relative order: the longest run of items whose old positions increase in their
 * new order; among runs as long, the one keeping the most items at their very position (so a swap of two
 * reports those two, not a bystander). The rest moved. Quadratic in the items of one list, which is small.
 */
function keptInOrder(oldPositions: number[]): Set<number> {
  const length = oldPositions.map(() => 1);
  const staying = oldPositions.map((old, i): number => (old === i ? 1 : 0));
  const previous = oldPositions.map(() => -1);
  for (let i = 0; i < oldPositions.length; i++) {
    for (let j = 0; j < i; j++) {
      if (oldPositions[j] >= oldPositions[i]) continue;
      const stay = staying[j] + (oldPositions[i] === i ? 1 : 0);
      if (length[j] + 1 > length[i] || (length[j] + 1 === length[i] && stay > staying[i])) {
        length[i] = length[j] + 1;
        staying[i] = stay;
        previous[i] = j;
      }
    }
  }
  let end = -1;
  for (let i = 0; i < oldPositions.length; i++) {
    if (end === -1 || length[i] > length[end] || (length[i] === length[end] && staying[i] > staying[end])) end = i;
  }
  const kept = new Set<number>();
  for (let i = end; i !== -1; i = previous[i]) kept.add(i);
  return kept;
}

/** Items present in both versions whose relative order changed, by key. */
function movedAmong<T>(before: T[], after: T[], key: (item: T) => string): Set<string> {
  const afterKeys = new Set(after.map(key));
  const commonBefore = new Map(before.filter((item) => afterKeys.has(key(item))).map((item, i) => [key(item), i]));
  const common = after.filter((item) => commonBefore.has(key(item)));
  const kept = keptInOrder(common.map((item) => commonBefore.get(key(item))!));
  return new Set(common.filter((_, i) => !kept.has(i)).map(key));
}

/**
 * What changed from one version to another, by stable ids: sections and questions added, removed, moved
 * (out of their relative order, or into another section) and changed, with each changed field's before and
 * after. Choices compare by label and order; rules by meaning, their codes mapped through stable ids, so a
 * renumber shows as renamed codes and not as changed logic. Pure.
 */
export function diffVersions(from: readonly DiffSection[], to: readonly DiffSection[]): VersionDiff {
  const diff: VersionDiff = {
    sections: { added: [], removed: [], moved: [], changed: [] },
    questions: { added: [], removed: [], moved: [], renamed: [], changed: [] },
  };
  const sectionBefore = new Map(from.map((s, i) => [s.stableId, { section: s, position: i + 1 }]));
  const sectionAfter = new Map(to.map((s, i) => [s.stableId, { section: s, position: i + 1 }]));
  const sectionsMoved = movedAmong([...from], [...to], (s) => s.stableId);
  for (const [stableId, { section, position }] of sectionAfter) {
    const old = sectionBefore.get(stableId);
    if (!old) {
      diff.sections.added.push({ stableId, title: section.title, position });
      continue;
    }
    if (sectionsMoved.has(stableId))
      diff.sections.moved.push({ stableId, title: section.title, fromPosition: old.position, toPosition: position });
    const fields = (['title', 'description'] as const)
      .filter((field) => old.section[field] !== section[field])
      .map((field) => ({ field, before: old.section[field], after: section[field] }));
    if (fields.length) diff.sections.changed.push({ stableId, title: section.title, fields });
  }
  for (const [stableId, { section, position }] of sectionBefore) {
    if (!sectionAfter.has(stableId)) diff.sections.removed.push({ stableId, title: section.title, position });
  }

  const placedOf = (sections: readonly DiffSection[]) =>
    new Map(
      sections.flatMap((s) => s.questions.map((q, i) => [q.stableId, { question: q, section: s.stableId, position: i + 1 }] as const)),
    );
  const before = placedOf(from);
  const after = placedOf(to);
  const stableBefore = new Map([...before.values()].map((p) => [p.question.code, p.question.stableId]));
  const stableAfter = new Map([...after.values()].map((p) => [p.question.code, p.question.stableId]));
  const reordered = new Set(
    to.flatMap((s) => {
      const old = sectionBefore.get(s.stableId)?.section.questions ?? [];
      return [...movedAmong(old, s.questions, (q) => q.stableId)];
    }),
  );
  for (const [stableId, now] of after) {
    const old = before.get(stableId);
    const q = now.question;
    if (!old) {
      diff.questions.added.push({ stableId, code: q.code, sectionStableId: now.section, position: now.position });
      continue;
    }
    if (old.section !== now.section || reordered.has(stableId)) {
      diff.questions.moved.push({
        stableId,
        code: q.code,
        fromSectionStableId: old.section,
        toSectionStableId: now.section,
        fromPosition: old.position,
        toPosition: now.position,
      });
    }
    if (old.question.code !== q.code) diff.questions.renamed.push({ stableId, fromCode: old.question.code, toCode: q.code });
    const fields: FieldChange[] = [];
    for (const field of PLAIN_FIELDS) {
      if (!same(old.question[field], q[field])) fields.push({ field, before: old.question[field], after: q[field] });
    }
    for (const field of CHOICE_FIELDS) {
      const was = choiceContent(old.question[field]);
      const is = choiceContent(q[field]);
      if (!same(was, is)) fields.push({ field, before: was, after: is });
    }
    for (const field of ['branchRules', 'visibilityRules'] as const) {
      if (!same(rulesByMeaning(old.question[field], stableBefore), rulesByMeaning(q[field], stableAfter))) {
        fields.push({ field, before: old.question[field], after: q[field] });
      }
    }
    if (fields.length) diff.questions.changed.push({ stableId, code: q.code, fields });
  }
  for (const [stableId, old] of before) {
    if (!after.has(stableId))
      diff.questions.removed.push({ stableId, code: old.question.code, sectionStableId: old.section, position: old.position });
  }
  return diff;
}
