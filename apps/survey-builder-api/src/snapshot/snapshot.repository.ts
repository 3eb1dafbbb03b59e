import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { insertRows } from '../common/sql';
import type {
  BranchRule,
  FreeTextField,
  OptionContent,
  QuestionContent,
  QuestionType,
  SubQuestion,
  VisibilityRule,
} from '../domain/model';

/** A stored choice: its content and its row id (new on every update of its question). */
export type SnapshotOption = OptionContent & { id: string };

export interface SnapshotQuestion extends Omit<QuestionContent, 'options' | 'matrixRows' | 'matrixColumns'> {
  options: SnapshotOption[];
  matrixRows: SnapshotOption[];
  matrixColumns: SnapshotOption[];
  id: string;
  stableId: string;
  sectionId: string;
  code: string;
  sortOrder: number;
  updatedAt: Date;
}

export interface SnapshotSection {
  id: string;
  stableId: string;
  versionId: string;
  title: string;
  description: string;
  sortOrder: number;
  generatedBy: string;
  updatedAt: Date;
  questions: SnapshotQuestion[];
}

/** A question to write: its content, code and position; a stable id when it continues an earlier row. */
export interface QuestionToInsert extends QuestionContent {
  code: string;
  sortOrder: number;
  stableId?: string;
}

export interface SectionToInsert {
  title: string;
  description: string;
  generatedBy: string;
  sortOrder: number;
  stableId?: string;
  questions: QuestionToInsert[];
}

type Filter = { versionIds: string[] } | { sectionIds: string[] } | { questionIds: string[] };

interface SectionRow {
  id: string;
  stable_id: string;
  version_id: string;
  title: string;
  description: string;
  sort_order: number;
  generated_by: string;
  updated_at: Date;
}

interface QuestionRow {
  id: string;
  section_id: string;
  stable_id: string;
  code: string;
  question_type: QuestionType;
  prompt_text: string;
  note_text: string;
  is_required: boolean;
  is_linked_to_previous: boolean;
  sort_order: number;
  is_single_matrix_select: boolean | null;
  min_selections: number | null;
  max_selections: number | null;
  free_text_fields: FreeTextField[];
  sub_questions: SubQuestion[];
  updated_at: Date;
}

interface OptionRow {
  id: string;
  question_id: string;
  kind: 'option' | 'matrix_row' | 'matrix_column';
  label: string;
  is_exclusive: boolean;
  allow_other_input: boolean;
  is_not_applicable: boolean;
  axis: 'row' | 'column' | null;
  placeholder: string | null;
  field_is_required: boolean | null;
}

type BranchRuleRow = { question_id: string; logical_operator: BranchRule['logicalOperator'] } & Pick<BranchRule, 'conditions'> & {
    destination_question_code: string;
    message: string | null;
  };
type VisibilityRuleRow = { question_id: string; logical_operator: VisibilityRule['logicalOperator'] } & Pick<VisibilityRule, 'conditions' | 'targets'>;

const OPTION_KINDS = { options: 'option', matrixRows: 'matrix_row', matrixColumns: 'matrix_column' } as const;

/**
 * Sections, questions, choices and rules of survey versions. Each version is a full snapshot: saving copies
 * every row into the new version in a handful of set-based statements, with stable ids carried over.
 */
@Injectable()
export class SnapshotRepository {
  /** Sections with their questions, in order, for the versions, sections or questions named. */
  async load(manager: EntityManager, filter: Filter): Promise<SnapshotSection[]> {
    const [sectionWhere, questionWhere, ids] =
      'versionIds' in filter
        ? ['s.version_id = ANY($1::uuid[])', 'q.version_id = ANY($1::uuid[])', filter.versionIds]
        : 'sectionIds' in filter
          ? ['s.id = ANY($1::uuid[])', 'q.section_id = ANY($1::uuid[])', filter.sectionIds]
          : ['s.id IN (SELECT section_id FROM question WHERE id = ANY($1::uuid[]))', 'q.id = ANY($1::uuid[])', filter.questionIds];
    if (ids.length === 0) return [];
    const sections = await manager.query<SectionRow[]>(
      `SELECT s.id, s.stable_id, s.version_id, s.title, s.description, s.sort_order, s.generated_by, s.updated_at
       FROM section s WHERE ${sectionWhere} ORDER BY s.version_id, s.sort_order`,
      [ids],
    );
    const questions = await manager.query<QuestionRow[]>(
      `SELECT q.id, q.section_id, q.stable_id, q.code, q.question_type, q.prompt_text, q.note_text, q.is_required,
              q.is_linked_to_previous, q.sort_order, q.is_single_matrix_select, q.min_selections, q.max_selections,
              q.free_text_fields, q.sub_questions, q.updated_at
       FROM question q WHERE ${questionWhere} ORDER BY q.section_id, q.sort_order`,
      [ids],
    );
    const questionIds = questions.map((q) => q.id);
    const [options, branchRules, visibilityRules] = await Promise.all([
      manager.query<OptionRow[]>(
        `SELECT id, question_id, kind, label, is_exclusive, allow_other_input, is_not_applicable, axis, placeholder, field_is_required
         FROM question_option WHERE question_id = ANY($1::uuid[]) ORDER BY question_id, kind, sort_order`,
        [questionIds],
      ),
      manager.query<BranchRuleRow[]>(
        `SELECT question_id, logical_operator, conditions, destination_question_code, message
         FROM branch_rule WHERE question_id = ANY($1::uuid[]) ORDER BY question_id, sort_order`,
        [questionIds],
      ),
      manager.query<VisibilityRuleRow[]>(
        `SELECT question_id, logical_operator, conditions, targets
         FROM visibility_rule WHERE question_id = ANY($1::uuid[]) ORDER BY question_id, sort_order`,
        [questionIds],
      ),
    ]);
    return assemble(sections, questions, options, branchRules, visibilityRules);
  }

  /** Copies every section, question, choice and rule of one version into another, stable ids kept. */
  async copyVersion(manager: EntityManager, fromVersionId: string, toVersionId: string): Promise<void> {
    await manager.query(
      `INSERT INTO section (version_id, stable_id, title, description, sort_order, generated_by, updated_at)
       SELECT $2, stable_id, title, description, sort_order, generated_by, updated_at FROM section WHERE version_id = $1`,
      [fromVersionId, toVersionId],
    );
    await manager.query(
      `INSERT INTO question (section_id, version_id, stable_id, code, question_type, prompt_text, note_text, is_required,
                             is_linked_to_previous, sort_order, is_single_matrix_select, min_selections, max_selections,
                             free_text_fields, sub_questions, updated_at)
       SELECT ns.id, $2, q.stable_id, q.code, q.question_type, q.prompt_text, q.note_text, q.is_required,
              q.is_linked_to_previous, q.sort_order, q.is_single_matrix_select, q.min_selections, q.max_selections,
              q.free_text_fields, q.sub_questions, q.updated_at
       FROM question q
       JOIN section os ON os.id = q.section_id
       JOIN section ns ON ns.version_id = $2 AND ns.stable_id = os.stable_id
       WHERE q.version_id = $1`,
      [fromVersionId, toVersionId],
    );
    const pairs = `FROM question oq JOIN question nq ON nq.version_id = $2 AND nq.stable_id = oq.stable_id WHERE oq.version_id = $1`;
    await manager.query(
      `INSERT INTO question_option (question_id, kind, sort_order, label, is_exclusive, allow_other_input, is_not_applicable, axis, placeholder, field_is_required)
       SELECT p.id, o.kind, o.sort_order, o.label, o.is_exclusive, o.allow_other_input, o.is_not_applicable, o.axis, o.placeholder, o.field_is_required
       FROM question_option o JOIN (SELECT oq.id AS old_id, nq.id ${pairs}) p ON p.old_id = o.question_id`,
      [fromVersionId, toVersionId],
    );
    await manager.query(
      `INSERT INTO branch_rule (question_id, sort_order, logical_operator, conditions, destination_question_code, message)
       SELECT p.id, r.sort_order, r.logical_operator, r.conditions, r.destination_question_code, r.message
       FROM branch_rule r JOIN (SELECT oq.id AS old_id, nq.id ${pairs}) p ON p.old_id = r.question_id`,
      [fromVersionId, toVersionId],
    );
    await manager.query(
      `INSERT INTO visibility_rule (question_id, sort_order, logical_operator, conditions, targets)
       SELECT p.id, r.sort_order, r.logical_operator, r.conditions, r.targets
       FROM visibility_rule r JOIN (SELECT oq.id AS old_id, nq.id ${pairs}) p ON p.old_id = r.question_id`,
      [fromVersionId, toVersionId],
    );
  }

  /** Writes new sections with their questions into a version; returns the new section ids in order. */
  async insertSections(manager: EntityManager, versionId: string, sections: SectionToInsert[]): Promise<string[]> {
    const now = new Date().toISOString();
    const sectionRows = sections.map((s) => ({
      id: randomUUID(),
      version_id: versionId,
      stable_id: s.stableId ?? randomUUID(),
      title: s.title,
      description: s.description,
      sort_order: s.sortOrder,
      generated_by: s.generatedBy,
      updated_at: now,
    }));
    await insertRows(
      manager,
      'section',
      { id: 'uuid', version_id: 'uuid', stable_id: 'uuid', title: 'text', description: 'text', sort_order: 'int', generated_by: 'text', updated_at: 'timestamptz' },
      sectionRows,
    );
    await this.writeQuestions(
      manager,
      versionId,
      sections.flatMap((s, i) => s.questions.map((q) => ({ sectionId: sectionRows[i].id, question: q }))),
    );
    return sectionRows.map((s) => s.id);
  }

  /** Appends questions to a section; returns their ids in order. */
  async insertQuestions(manager: EntityManager, versionId: string, sectionId: string, questions: QuestionToInsert[]): Promise<string[]> {
    return this.writeQuestions(manager, versionId, questions.map((question) => ({ sectionId, question })));
  }

  /**
   * Replaces a question's columns, choices (new ids every time: conditions refer to labels) and rules.
   * The content given is the whole question after the update.
   */
  async updateQuestion(manager: EntityManager, questionId: string, code: string, content: QuestionContent): Promise<void> {
    await manager.query(
      `UPDATE question SET code = $2, question_type = $3, prompt_text = $4, note_text = $5, is_required = $6,
         is_linked_to_previous = $7, is_single_matrix_select = $8, min_selections = $9, max_selections = $10,
         free_text_fields = $11::jsonb, sub_questions = $12::jsonb, updated_at = now()
       WHERE id = $1`,
      [
        questionId,
        code,
        content.questionType,
        content.promptText,
        content.noteText,
        content.isRequired,
        content.isLinkedToPrevious,
        content.isSingleMatrixSelect,
        content.minSelections,
        content.maxSelections,
        JSON.stringify(content.freeTextFields),
        JSON.stringify(content.subQuestions),
      ],
    );
    await manager.query(`DELETE FROM question_option WHERE question_id = $1`, [questionId]);
    await manager.query(`DELETE FROM branch_rule WHERE question_id = $1`, [questionId]);
    await manager.query(`DELETE FROM visibility_rule WHERE question_id = $1`, [questionId]);
    await this.writeChildren(manager, [{ id: questionId, content }]);
  }

  async updateSection(manager: EntityManager, sectionId: string, fields: { title?: string; description?: string }): Promise<void> {
    await manager.query(
      `UPDATE section SET title = COALESCE($2, title), description = COALESCE($3, description), updated_at = now() WHERE id = $1`,
      [sectionId, fields.title ?? null, fields.description ?? null],
    );
  }

  async sectionCount(manager: EntityManager, versionId: string): Promise<number> {
    const [{ count }] = await manager.query<Array<{ count: number }>>(`SELECT count(*)::int AS count FROM section WHERE version_id = $1`, [versionId]);
    return count;
  }

  async touchSection(manager: EntityManager, sectionId: string): Promise<void> {
    await manager.query(`UPDATE section SET updated_at = now() WHERE id = $1`, [sectionId]);
  }

  /**
   * Moves a row to another position by swapping with the row there. (scope, sort_order) is unique, so
   * the moving row waits at the temporary position 0 while the other takes its place.
   */
  async swapPosition(manager: EntityManager, table: 'section' | 'question', scope: string, id: string, from: number, to: number): Promise<void> {
    const scopeColumn = table === 'section' ? 'version_id' : 'section_id';
    await manager.query(`UPDATE ${table} SET sort_order = 0 WHERE id = $1`, [id]);
    await manager.query(`UPDATE ${table} SET sort_order = $3 WHERE ${scopeColumn} = $1 AND sort_order = $2`, [scope, to, from]);
    await manager.query(`UPDATE ${table} SET sort_order = $2, updated_at = now() WHERE id = $1`, [id, to]);
  }

  /** Deletes a row (its children cascade) and closes the gap: later rows move up through negative temporaries. */
  async deleteAndCompact(manager: EntityManager, table: 'section' | 'question', scope: string, id: string, position: number): Promise<void> {
    const scopeColumn = table === 'section' ? 'version_id' : 'section_id';
    await manager.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
    await manager.query(`UPDATE ${table} SET sort_order = -sort_order WHERE ${scopeColumn} = $1 AND sort_order > $2`, [scope, position]);
    await manager.query(`UPDATE ${table} SET sort_order = -sort_order - 1 WHERE ${scopeColumn} = $1 AND sort_order < 0`, [scope]);
  }

  /** Codes and types of a version's questions in order of appearance (sections, then questions). */
  async questionsInOrder(manager: EntityManager, versionId: string): Promise<Array<{ id: string; code: string; questionType: QuestionType }>> {
    const rows = await manager.query<Array<{ id: string; code: string; question_type: QuestionType }>>(
      `SELECT q.id, q.code, q.question_type FROM question q JOIN section s ON s.id = q.section_id
       WHERE q.version_id = $1 ORDER BY s.sort_order, q.sort_order`,
      [versionId],
    );
    return rows.map((r) => ({ id: r.id, code: r.code, questionType: r.question_type }));
  }

  /** Every code in use in a version (codes are unique per version). */
  async codesInVersion(manager: EntityManager, versionId: string): Promise<string[]> {
    const rows = await manager.query<Array<{ code: string }>>(`SELECT code FROM question WHERE version_id = $1`, [versionId]);
    return rows.map((r) => r.code);
  }

  /** Gives questions new codes in one statement; the deferrable unique constraint allows swaps. */
  async recode(manager: EntityManager, versionId: string, mapping: ReadonlyMap<string, string>): Promise<void> {
    if (mapping.size === 0) return;
    await manager.query(
      `UPDATE question q SET code = m.new_code, updated_at = now()
       FROM jsonb_to_recordset($2::jsonb) AS m(old_code text, new_code text)
       WHERE q.version_id = $1 AND q.code = m.old_code`,
      [versionId, JSON.stringify([...mapping].map(([old_code, new_code]) => ({ old_code, new_code })))],
    );
  }

  /** Every rule of a version, with its row id, for re-pointing. */
  async rulesOfVersion(manager: EntityManager, versionId: string) {
    const branch = await manager.query<Array<{ id: string } & Omit<BranchRuleRow, 'question_id'>>>(
      `SELECT r.id, r.logical_operator, r.conditions, r.destination_question_code, r.message
       FROM branch_rule r JOIN question q ON q.id = r.question_id WHERE q.version_id = $1`,
      [versionId],
    );
    const visibility = await manager.query<Array<{ id: string } & Omit<VisibilityRuleRow, 'question_id'>>>(
      `SELECT r.id, r.logical_operator, r.conditions, r.targets
       FROM visibility_rule r JOIN question q ON q.id = r.question_id WHERE q.version_id = $1`,
      [versionId],
    );
    return {
      branch: branch.map((r) => ({ id: r.id, rule: toBranchRule(r) })),
      visibility: visibility.map((r) => ({ id: r.id, rule: toVisibilityRule(r) })),
    };
  }

  /** Rewrites the given rules' references, each row once. */
  async updateRuleReferences(
    manager: EntityManager,
    branch: Array<{ id: string; rule: BranchRule }>,
    visibility: Array<{ id: string; rule: VisibilityRule }>,
  ): Promise<void> {
    if (branch.length) {
      await manager.query(
        `UPDATE branch_rule r SET conditions = u.conditions, destination_question_code = u.destination
         FROM jsonb_to_recordset($1::jsonb) AS u(id uuid, conditions jsonb, destination text) WHERE r.id = u.id`,
        [JSON.stringify(branch.map(({ id, rule }) => ({ id, conditions: rule.conditions, destination: rule.destinationQuestionCode })))],
      );
    }
    if (visibility.length) {
      await manager.query(
        `UPDATE visibility_rule r SET conditions = u.conditions
         FROM jsonb_to_recordset($1::jsonb) AS u(id uuid, conditions jsonb) WHERE r.id = u.id`,
        [JSON.stringify(visibility.map(({ id, rule }) => ({ id, conditions: rule.conditions })))],
      );
    }
  }

  private async writeQuestions(
    manager: EntityManager,
    versionId: string,
    items: Array<{ sectionId: string; question: QuestionToInsert }>,
  ): Promise<string[]> {
    const rows = items.map(({ sectionId, question: q }) => ({
      id: randomUUID(),
      section_id: sectionId,
      version_id: versionId,
      stable_id: q.stableId ?? randomUUID(),
      code: q.code,
      question_type: q.questionType,
      prompt_text: q.promptText,
      note_text: q.noteText,
      is_required: q.isRequired,
      is_linked_to_previous: q.isLinkedToPrevious,
      sort_order: q.sortOrder,
      is_single_matrix_select: q.isSingleMatrixSelect,
      min_selections: q.minSelections,
      max_selections: q.maxSelections,
      free_text_fields: q.freeTextFields,
      sub_questions: q.subQuestions,
    }));
    await insertRows(
      manager,
      'question',
      {
        id: 'uuid',
        section_id: 'uuid',
        version_id: 'uuid',
        stable_id: 'uuid',
        code: 'text',
        question_type: 'text',
        prompt_text: 'text',
        note_text: 'text',
        is_required: 'boolean',
        is_linked_to_previous: 'boolean',
        sort_order: 'int',
        is_single_matrix_select: 'boolean',
        min_selections: 'int',
        max_selections: 'int',
        free_text_fields: 'jsonb',
        sub_questions: 'jsonb',
      },
      rows,
    );
    await this.writeChildren(manager, rows.map((row, i) => ({ id: row.id, content: items[i].question })));
    return rows.map((r) => r.id);
  }

  private async writeChildren(manager: EntityManager, questions: Array<{ id: string; content: QuestionContent }>): Promise<void> {
    const options = questions.flatMap(({ id, content }) =>
      (Object.keys(OPTION_KINDS) as Array<keyof typeof OPTION_KINDS>).flatMap((field) =>
        content[field].map((o: OptionContent, index) => ({
          question_id: id,
          kind: OPTION_KINDS[field],
          sort_order: index,
          label: o.label,
          is_exclusive: o.isExclusive,
          allow_other_input: o.allowOtherInput,
          is_not_applicable: o.isNotApplicable,
          axis: o.axis,
          placeholder: o.placeholder,
          field_is_required: o.fieldIsRequired,
        })),
      ),
    );
    await insertRows(
      manager,
      'question_option',
      {
        question_id: 'uuid',
        kind: 'text',
        sort_order: 'int',
        label: 'text',
        is_exclusive: 'boolean',
        allow_other_input: 'boolean',
        is_not_applicable: 'boolean',
        axis: 'text',
        placeholder: 'text',
        field_is_required: 'boolean',
      },
      options,
    );
    await insertRows(
      manager,
      'branch_rule',
      { question_id: 'uuid', sort_order: 'int', logical_operator: 'text', conditions: 'jsonb', destination_question_code: 'text', message: 'text' },
      questions.flatMap(({ id, content }) =>
        content.branchRules.map((r, index) => ({
          question_id: id,
          sort_order: index,
          logical_operator: r.logicalOperator,
          conditions: r.conditions,
          destination_question_code: r.destinationQuestionCode,
          message: r.message,
        })),
      ),
    );
    await insertRows(
      manager,
      'visibility_rule',
      { question_id: 'uuid', sort_order: 'int', logical_operator: 'text', conditions: 'jsonb', targets: 'jsonb' },
      questions.flatMap(({ id, content }) =>
        content.visibilityRules.map((r, index) => ({
          question_id: id,
          sort_order: index,
          logical_operator: r.logicalOperator,
          conditions: r.conditions,
          targets: r.targets,
        })),
      ),
    );
  }
}

function toOption(row: OptionRow): SnapshotOption {
  return {
    id: row.id,
    label: row.label,
    isExclusive: row.is_exclusive,
    allowOtherInput: row.allow_other_input,
    isNotApplicable: row.is_not_applicable,
    axis: row.axis,
    placeholder: row.placeholder,
    fieldIsRequired: row.field_is_required,
  };
}

function toBranchRule(row: Omit<BranchRuleRow, 'question_id'>): BranchRule {
  return {
    logicalOperator: row.logical_operator,
    conditions: row.conditions,
    destinationQuestionCode: row.destination_question_code,
    message: row.message,
  };
}

function toVisibilityRule(row: Omit<VisibilityRuleRow, 'question_id'>): VisibilityRule {
  return { logicalOperator: row.logical_operator, conditions: row.conditions, targets: row.targets };
}

function groupBy<T extends { question_id: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.question_id);
    if (group) group.push(row);
    else groups.set(row.question_id, [row]);
  }
  return groups;
}

function assemble(
  sections: SectionRow[],
  questions: QuestionRow[],
  options: OptionRow[],
  branchRules: BranchRuleRow[],
  visibilityRules: VisibilityRuleRow[],
): SnapshotSection[] {
  const optionsOf = groupBy(options);
  const branchOf = groupBy(branchRules);
  const visibilityOf = groupBy(visibilityRules);
  const bySection = new Map<string, SnapshotQuestion[]>();
  for (const q of questions) {
    const own = optionsOf.get(q.id) ?? [];
    const question: SnapshotQuestion = {
      id: q.id,
      stableId: q.stable_id,
      sectionId: q.section_id,
      code: q.code,
      sortOrder: q.sort_order,
      updatedAt: q.updated_at,
      questionType: q.question_type,
      promptText: q.prompt_text,
      noteText: q.note_text,
      isRequired: q.is_required,
      isLinkedToPrevious: q.is_linked_to_previous,
      options: own.filter((o) => o.kind === 'option').map(toOption),
      matrixRows: own.filter((o) => o.kind === 'matrix_row').map(toOption),
      matrixColumns: own.filter((o) => o.kind === 'matrix_column').map(toOption),
      isSingleMatrixSelect: q.is_single_matrix_select,
      minSelections: q.min_selections,
      maxSelections: q.max_selections,
      freeTextFields: q.free_text_fields,
      subQuestions: q.sub_questions,
      branchRules: (branchOf.get(q.id) ?? []).map(toBranchRule),
      visibilityRules: (visibilityOf.get(q.id) ?? []).map(toVisibilityRule),
    };
    const list = bySection.get(q.section_id);
    if (list) list.push(question);
    else bySection.set(q.section_id, [question]);
  }
  return sections.map((s) => ({
    id: s.id,
    stableId: s.stable_id,
    versionId: s.version_id,
    title: s.title,
    description: s.description,
    sortOrder: s.sort_order,
    generatedBy: s.generated_by,
    updatedAt: s.updated_at,
    questions: bySection.get(s.id) ?? [],
  }));
}
