import { Injectable } from '@nestjs/common';
import { anyUuid, camelCaseColumns } from '@platform/persistence';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../database/builder-db';
import type { QuestionType } from '../domain/model';
import { assemble, toBranchRule, toVisibilityRule } from './snapshot.assembler';
import {
  BRANCH_RULE_COLUMNS,
  type BranchRuleRow,
  OPTION_COLUMNS,
  type OptionRow,
  QUESTION_COLUMNS,
  type QuestionRow,
  SECTION_COLUMNS,
  type SectionRow,
  VISIBILITY_RULE_COLUMNS,
  type VisibilityRuleRow,
} from './snapshot.columns';
import type { SnapshotFilter, SnapshotQuestion, SnapshotSection } from './snapshot.types';

// The five SELECT lists, built once (each read sends them all).
const SECTION_SELECT = camelCaseColumns(SECTION_COLUMNS);
const QUESTION_SELECT = camelCaseColumns(QUESTION_COLUMNS);
const OPTION_SELECT = camelCaseColumns(OPTION_COLUMNS);
const BRANCH_RULE_SELECT = camelCaseColumns(BRANCH_RULE_COLUMNS);
const VISIBILITY_RULE_SELECT = camelCaseColumns(VISIBILITY_RULE_COLUMNS);

/** Reads sections, questions, choices and rules of survey versions. */
@Injectable()
export class SnapshotReadRepository {
  /**
   * Sections with their questions, in order, for the versions, sections or questions named. Two round trips: the
   * sections and the questions at once, then the questions' choices and both rule tables at once, by the questions'
   * ids. (Reading the children through the question filter instead, `question_id IN (SELECT id FROM question WHERE
   * version_id = ...)`, saved a round trip but let the planner hash-join a sequential scan of the whole choice table
   * once a survey had some thirty versions: 28 ms against 5 for a 1,000-question version.) Written as SQL over the
   * tables' column lists, each column selected under its camelCase name, so the rows come from the driver as the
   * assembler reads them and are not copied once more to rename their columns.
   */
  async load(db: Db, filter: SnapshotFilter): Promise<SnapshotSection[]> {
    const ids = 'versionIds' in filter ? filter.versionIds : 'sectionIds' in filter ? filter.sectionIds : filter.questionIds;
    if (ids.length === 0) return [];
    const named = anyUuid(ids);
    const [ofSections, ofQuestions] =
      'versionIds' in filter
        ? [sql`version_id = ${named}`, sql`version_id = ${named}`]
        : 'sectionIds' in filter
          ? [sql`id = ${named}`, sql`section_id = ${named}`]
          : [sql`id IN (SELECT section_id FROM question WHERE id = ${named})`, sql`id = ${named}`];
    const rows = async <R>(query: RawBuilder<R>) => (await query.execute(db)).rows;
    const [sections, questions] = await Promise.all([
      rows(sql<SectionRow>`SELECT ${SECTION_SELECT} FROM section WHERE ${ofSections} ORDER BY version_id, sort_order`),
      rows(sql<QuestionRow>`SELECT ${QUESTION_SELECT} FROM question WHERE ${ofQuestions} ORDER BY section_id, sort_order`),
    ]);
    if (questions.length === 0) return assemble({ sections, questions, options: [], branchRules: [], visibilityRules: [] });
    const ofChildren = sql`question_id = ${anyUuid(questions.map((q) => q.id))}`;
    const [options, branchRules, visibilityRules] = await Promise.all([
      rows(sql<OptionRow>`SELECT ${OPTION_SELECT} FROM question_option WHERE ${ofChildren} ORDER BY question_id, kind, sort_order`),
      rows(sql<BranchRuleRow>`SELECT ${BRANCH_RULE_SELECT} FROM branch_rule WHERE ${ofChildren} ORDER BY question_id, sort_order`),
      rows(
        sql<VisibilityRuleRow>`SELECT ${VISIBILITY_RULE_SELECT} FROM visibility_rule WHERE ${ofChildren}
                               ORDER BY question_id, sort_order`,
      ),
    ]);
    return assemble({ sections, questions, options, branchRules, visibilityRules });
  }

  async section(db: Db, sectionId: string): Promise<SnapshotSection | undefined> {
    return (await this.load(db, { sectionIds: [sectionId] }))[0];
  }

  /** One question, read with its section. */
  async question(db: Db, questionId: string): Promise<SnapshotQuestion | undefined> {
    return (await this.load(db, { questionIds: [questionId] }))[0]?.questions[0];
  }

  /** Codes and types of a version's questions in order of appearance (sections, then questions). */
  async questionsInOrder(db: Db, versionId: string): Promise<Array<{ id: string; code: string; questionType: QuestionType }>> {
    const rows = await db
      .selectFrom('question as q')
      .innerJoin('section as s', 's.id', 'q.sectionId')
      .select(['q.id', 'q.code', 'q.questionType'])
      .where('q.versionId', '=', versionId)
      .orderBy('s.sortOrder')
      .orderBy('q.sortOrder')
      .execute();
    return rows.map((r) => ({ ...r, questionType: r.questionType as QuestionType }));
  }

  /** Every code in use in a version (codes are unique per version). */
  async codesInVersion(db: Db, versionId: string): Promise<string[]> {
    const rows = await db.selectFrom('question').select('code').where('versionId', '=', versionId).execute();
    return rows.map((r) => r.code);
  }

  async sectionCount(db: Db, versionId: string): Promise<number> {
    const { count } = await db
      .selectFrom('section')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('versionId', '=', versionId)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** The version (and its survey) a section row belongs to. */
  async placeOfSection(db: Db, sectionId: string): Promise<{ surveyId: string; versionId: string } | undefined> {
    return db
      .selectFrom('section as s')
      .innerJoin('surveyVersion as v', 'v.id', 's.versionId')
      .select(['v.surveyId', 'v.id as versionId'])
      .where('s.id', '=', sectionId)
      .executeTakeFirst();
  }

  /** The section, version and survey a question row belongs to. */
  async placeOfQuestion(db: Db, questionId: string): Promise<{ surveyId: string; versionId: string; sectionId: string } | undefined> {
    return db
      .selectFrom('question as q')
      .innerJoin('surveyVersion as v', 'v.id', 'q.versionId')
      .select(['v.surveyId', 'v.id as versionId', 'q.sectionId'])
      .where('q.id', '=', questionId)
      .executeTakeFirst();
  }

  /** The newest snapshot row of a question (by stable id) of a survey, whichever version still has it. */
  async latestRowOf(db: Db, surveyId: string, stableId: string): Promise<SnapshotQuestion | undefined> {
    const row = await db
      .selectFrom('question as q')
      .innerJoin('surveyVersion as v', 'v.id', 'q.versionId')
      .select('q.id')
      .where('v.surveyId', '=', surveyId)
      .where('q.stableId', '=', stableId)
      .orderBy('v.versionNo', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? this.question(db, row.id) : undefined;
  }

  /** Every rule of a version, with its row id, for re-pointing. */
  async rulesOfVersion(db: Db, versionId: string) {
    const branch = await db
      .selectFrom('branchRule as r')
      .innerJoin('question as q', 'q.id', 'r.questionId')
      .select(['r.id', 'r.logicalOperator', 'r.conditions', 'r.destinationQuestionCode', 'r.message'])
      .where('q.versionId', '=', versionId)
      .execute();
    const visibility = await db
      .selectFrom('visibilityRule as r')
      .innerJoin('question as q', 'q.id', 'r.questionId')
      .select(['r.id', 'r.logicalOperator', 'r.conditions', 'r.targets'])
      .where('q.versionId', '=', versionId)
      .execute();
    return {
      branch: branch.map((r) => ({ id: r.id, rule: toBranchRule(r) })),
      visibility: visibility.map((r) => ({ id: r.id, rule: toVisibilityRule(r) })),
    };
  }
}
