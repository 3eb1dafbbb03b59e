import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { json, jsonRows } from '@platform/persistence';
import type { Trx } from '../database/builder-db';
import type { Json } from '../database/schema';
import type { BranchRule, OptionContent, QuestionContent, VisibilityRule } from '../domain/model';
import { OPTION_KINDS } from './snapshot.columns';
import type { QuestionToInsert, SectionToInsert } from './snapshot.types';

/** Rows per INSERT: well inside PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK = 1000;

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await write(rows.slice(start, start + CHUNK));
}

/** Writes sections, questions, choices and rules of the latest version (the working copy). */
@Injectable()
export class SnapshotWriteRepository {
  /** Writes new sections with their questions into a version; returns the new section ids in order. */
  async insertSections(trx: Trx, versionId: string, sections: SectionToInsert[]): Promise<string[]> {
    const now = new Date();
    const rows = sections.map((s) => ({
      id: randomUUID(),
      versionId,
      stableId: s.stableId ?? randomUUID(),
      title: s.title,
      description: s.description,
      sortOrder: s.sortOrder,
      generatedBy: s.generatedBy,
      updatedAt: now,
    }));
    await inChunks(rows, (chunk) => trx.insertInto('section').values(chunk).execute());
    await this.writeQuestions(
      trx,
      versionId,
      sections.flatMap((s, i) => s.questions.map((question) => ({ sectionId: rows[i].id, question }))),
    );
    return rows.map((s) => s.id);
  }

  /** Appends questions to a section; returns their ids in order. */
  async insertQuestions(trx: Trx, versionId: string, sectionId: string, questions: QuestionToInsert[]): Promise<string[]> {
    return this.writeQuestions(
      trx,
      versionId,
      questions.map((question) => ({ sectionId, question })),
    );
  }

  /**
   * Replaces a question's columns, choices (new ids every time: conditions refer to labels) and rules.
   * The content given is the whole question after the update.
   */
  async updateQuestion(trx: Trx, questionId: string, code: string, content: QuestionContent): Promise<void> {
    await trx
      .updateTable('question')
      .set({
        code,
        questionType: content.questionType,
        promptText: content.promptText,
        noteText: content.noteText,
        isRequired: content.isRequired,
        isLinkedToPrevious: content.isLinkedToPrevious,
        isSingleMatrixSelect: content.isSingleMatrixSelect,
        minSelections: content.minSelections,
        maxSelections: content.maxSelections,
        freeTextFields: json(content.freeTextFields),
        subQuestions: json(content.subQuestions),
        updatedAt: new Date(),
      })
      .where('id', '=', questionId)
      .execute();
    await trx.deleteFrom('questionOption').where('questionId', '=', questionId).execute();
    await trx.deleteFrom('branchRule').where('questionId', '=', questionId).execute();
    await trx.deleteFrom('visibilityRule').where('questionId', '=', questionId).execute();
    await this.writeChildren(trx, [{ id: questionId, content }]);
  }

  async updateSection(trx: Trx, sectionId: string, fields: { title?: string; description?: string }): Promise<void> {
    await trx
      .updateTable('section')
      .set({
        ...(fields.title !== undefined && { title: fields.title }),
        ...(fields.description !== undefined && { description: fields.description }),
        updatedAt: new Date(),
      })
      .where('id', '=', sectionId)
      .execute();
  }

  async touchSection(trx: Trx, sectionId: string): Promise<void> {
    await trx.updateTable('section').set({ updatedAt: new Date() }).where('id', '=', sectionId).execute();
  }

  /**
   * Moves a section to another position by swapping with the section there. (version, sort_order) is
   * unique, so the moving row waits at the temporary position 0 while the other takes its place.
   */
  async swapSectionPosition(trx: Trx, versionId: string, sectionId: string, from: number, to: number): Promise<void> {
    await trx.updateTable('section').set({ sortOrder: 0 }).where('id', '=', sectionId).execute();
    await trx.updateTable('section').set({ sortOrder: from }).where('versionId', '=', versionId).where('sortOrder', '=', to).execute();
    await trx.updateTable('section').set({ sortOrder: to, updatedAt: new Date() }).where('id', '=', sectionId).execute();
  }

  /** The same swap for a question within its section. */
  async swapQuestionPosition(trx: Trx, sectionId: string, questionId: string, from: number, to: number): Promise<void> {
    await trx.updateTable('question').set({ sortOrder: 0 }).where('id', '=', questionId).execute();
    await trx.updateTable('question').set({ sortOrder: from }).where('sectionId', '=', sectionId).where('sortOrder', '=', to).execute();
    await trx.updateTable('question').set({ sortOrder: to, updatedAt: new Date() }).where('id', '=', questionId).execute();
  }

  /** Deletes a section (its questions cascade) and closes the gap: later sections move up through negative temporaries. */
  async deleteSection(trx: Trx, versionId: string, sectionId: string, position: number): Promise<void> {
    await trx.deleteFrom('section').where('id', '=', sectionId).execute();
    await trx
      .updateTable('section')
      .set((eb) => ({ sortOrder: eb.neg(eb.ref('sortOrder')) }))
      .where('versionId', '=', versionId)
      .where('sortOrder', '>', position)
      .execute();
    await trx
      .updateTable('section')
      .set((eb) => ({ sortOrder: eb(eb.neg(eb.ref('sortOrder')), '-', 1) }))
      .where('versionId', '=', versionId)
      .where('sortOrder', '<', 0)
      .execute();
  }

  /** Deletes a question (its choices and rules cascade) and closes the gap in its section. */
  async deleteQuestion(trx: Trx, sectionId: string, questionId: string, position: number): Promise<void> {
    await trx.deleteFrom('question').where('id', '=', questionId).execute();
    await trx
      .updateTable('question')
      .set((eb) => ({ sortOrder: eb.neg(eb.ref('sortOrder')) }))
      .where('sectionId', '=', sectionId)
      .where('sortOrder', '>', position)
      .execute();
    await trx
      .updateTable('question')
      .set((eb) => ({ sortOrder: eb(eb.neg(eb.ref('sortOrder')), '-', 1) }))
      .where('sectionId', '=', sectionId)
      .where('sortOrder', '<', 0)
      .execute();
  }

  /** Gives questions new codes in one statement; the deferrable unique constraint allows swaps. */
  async recode(trx: Trx, versionId: string, mapping: ReadonlyMap<string, string>): Promise<void> {
    if (mapping.size === 0) return;
    const pairs = [...mapping].map(([oldCode, newCode]) => ({ oldCode, newCode }));
    await trx
      .updateTable('question')
      .from(jsonRows(pairs, { oldCode: 'text', newCode: 'text' }).as('m'))
      .set((eb) => ({ code: eb.ref('m.newCode'), updatedAt: new Date() }))
      .where('question.versionId', '=', versionId)
      .whereRef('question.code', '=', 'm.oldCode')
      .execute();
  }

  /** Rewrites the given rules' references, each row once, in one statement per table. */
  async updateRuleReferences(
    trx: Trx,
    branch: Array<{ id: string; rule: BranchRule }>,
    visibility: Array<{ id: string; rule: VisibilityRule }>,
  ): Promise<void> {
    if (branch.length) {
      const rows = branch.map(({ id, rule }) => ({
        id,
        conditions: rule.conditions as unknown as Json,
        destination: rule.destinationQuestionCode,
      }));
      await trx
        .updateTable('branchRule')
        .from(jsonRows(rows, { id: 'uuid', conditions: 'jsonb', destination: 'text' }).as('u'))
        .set((eb) => ({ conditions: eb.ref('u.conditions'), destinationQuestionCode: eb.ref('u.destination') }))
        .whereRef('branchRule.id', '=', 'u.id')
        .execute();
    }
    if (visibility.length) {
      const rows = visibility.map(({ id, rule }) => ({ id, conditions: rule.conditions as unknown as Json }));
      await trx
        .updateTable('visibilityRule')
        .from(jsonRows(rows, { id: 'uuid', conditions: 'jsonb' }).as('u'))
        .set((eb) => ({ conditions: eb.ref('u.conditions') }))
        .whereRef('visibilityRule.id', '=', 'u.id')
        .execute();
    }
  }

  private async writeQuestions(
    trx: Trx,
    versionId: string,
    items: Array<{ sectionId: string; question: QuestionToInsert }>,
  ): Promise<string[]> {
    const rows = items.map(({ sectionId, question: q }) => ({
      id: randomUUID(),
      sectionId,
      versionId,
      stableId: q.stableId ?? randomUUID(),
      code: q.code,
      questionType: q.questionType,
      promptText: q.promptText,
      noteText: q.noteText,
      isRequired: q.isRequired,
      isLinkedToPrevious: q.isLinkedToPrevious,
      sortOrder: q.sortOrder,
      isSingleMatrixSelect: q.isSingleMatrixSelect,
      minSelections: q.minSelections,
      maxSelections: q.maxSelections,
      freeTextFields: json(q.freeTextFields),
      subQuestions: json(q.subQuestions),
    }));
    await inChunks(rows, (chunk) => trx.insertInto('question').values(chunk).execute());
    await this.writeChildren(
      trx,
      rows.map((row, i) => ({ id: row.id, content: items[i].question })),
    );
    return rows.map((r) => r.id);
  }

  private async writeChildren(trx: Trx, questions: Array<{ id: string; content: QuestionContent }>): Promise<void> {
    const options = questions.flatMap(({ id, content }) =>
      (Object.keys(OPTION_KINDS) as Array<keyof typeof OPTION_KINDS>).flatMap((field) =>
        content[field].map((o: OptionContent, index) => ({
          questionId: id,
          kind: OPTION_KINDS[field],
          sortOrder: index,
          label: o.label,
          isExclusive: o.isExclusive,
          allowOtherInput: o.allowOtherInput,
          isNotApplicable: o.isNotApplicable,
          axis: o.axis,
          placeholder: o.placeholder,
          fieldIsRequired: o.fieldIsRequired,
        })),
      ),
    );
    const branchRules = questions.flatMap(({ id, content }) =>
      content.branchRules.map((r, index) => ({
        questionId: id,
        sortOrder: index,
        logicalOperator: r.logicalOperator,
        conditions: json(r.conditions),
        destinationQuestionCode: r.destinationQuestionCode,
        message: r.message,
      })),
    );
    const visibilityRules = questions.flatMap(({ id, content }) =>
      content.visibilityRules.map((r, index) => ({
        questionId: id,
        sortOrder: index,
        logicalOperator: r.logicalOperator,
        conditions: json(r.conditions),
        targets: json(r.targets),
      })),
    );
    await inChunks(options, (chunk) => trx.insertInto('questionOption').values(chunk).execute());
    await inChunks(branchRules, (chunk) => trx.insertInto('branchRule').values(chunk).execute());
    await inChunks(visibilityRules, (chunk) => trx.insertInto('visibilityRule').values(chunk).execute());
  }
}
