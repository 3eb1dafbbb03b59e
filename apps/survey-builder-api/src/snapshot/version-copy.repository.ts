import { Injectable } from '@nestjs/common';
import { type RawBuilder, sql } from 'kysely';
import type { Trx } from '../database/builder-db';
import {
  BRANCH_RULE_COLUMNS,
  except,
  OPTION_COLUMNS,
  QUESTION_COLUMNS,
  SECTION_COLUMNS,
  VISIBILITY_RULE_COLUMNS,
} from './snapshot.columns';
import type { SnapshotSection } from './snapshot.types';

const SECTION_COPIED = except(SECTION_COLUMNS, 'id', 'versionId');
const QUESTION_COPIED = except(QUESTION_COLUMNS, 'id', 'versionId', 'sectionId');
const OPTION_COPIED = except(OPTION_COLUMNS, 'id', 'questionId');
const BRANCH_RULE_COPIED = except(BRANCH_RULE_COLUMNS, 'id', 'questionId');
const VISIBILITY_RULE_COPIED = except(VISIBILITY_RULE_COLUMNS, 'id', 'questionId');

const prefixed = <A extends string, C extends string>(alias: A, columns: readonly C[]) =>
  columns.map((c) => `${alias}.${c}` as `${A}.${C}`);

/**
 * The ids of a copy's rows: each row copied into a version takes the high half of the version's id (its first three
 * groups, random and one per version) and keeps the low half of the row it copies (the last two groups). So the
 * rows of the copy are named before it is written: a save reads the version it copies, over the pool, while its
 * transaction writes the copy, and answers the copy's own ids. Unique as the source rows' low halves are within a
 * version (62 random bits each, and the primary keys check it); a version's prefix differs from every other version's
 * in 60 random bits. The format stays an RFC 9562 UUID (the version nibble is the new version id's, the variant the
 * source row's).
 */
export function copiedRowId(versionId: string, sourceId: string): string {
  return versionId.slice(0, 19) + sourceId.slice(19);
}

/** `copiedRowId` in SQL, of a uuid column of the source rows. */
function copiedRowIdOf(versionId: string, column: string): RawBuilder<string> {
  return sql<string>`(${versionId.slice(0, 19)} || right(${sql.ref(column)}::text, 17))::uuid`;
}

/** A version's sections as they are once copied into another version: the same rows under the copy's ids. */
export function asCopiedInto(sections: SnapshotSection[], versionId: string): SnapshotSection[] {
  for (const section of sections) {
    section.id = copiedRowId(versionId, section.id);
    section.versionId = versionId;
    for (const question of section.questions) {
      question.id = copiedRowId(versionId, question.id);
      question.sectionId = section.id;
      for (const choices of [question.options, question.matrixRows, question.matrixColumns]) {
        for (const choice of choices) choice.id = copiedRowId(versionId, choice.id);
      }
    }
  }
  return sections;
}

/**
 * Copies a whole version (save, rollback, survey copies): five set-based INSERT … SELECT statements, one per
 * table, with stable ids carried over so library entries and the new rows find their sources, and row ids derived
 * from the sources' (`copiedRowId`), so a child finds its copied parent without a join. A copy holds exactly what its
 * source holds, so it is within the survey's and the questions' limits (domain/limits.ts) by construction: every
 * write into a version checks them.
 */
@Injectable()
export class VersionCopyRepository {
  async copyVersion(trx: Trx, fromVersionId: string, toVersionId: string): Promise<void> {
    const to = sql<string>`${toVersionId}::uuid`;
    const copied = (column: string) => copiedRowIdOf(toVersionId, column);
    await trx
      .insertInto('section')
      .columns(['id', 'versionId', ...SECTION_COPIED])
      .expression(
        trx
          .selectFrom('section as s')
          .select([copied('s.id').as('id'), to.as('versionId'), ...prefixed('s', SECTION_COPIED)])
          .where('s.versionId', '=', fromVersionId),
      )
      .execute();
    await trx
      .insertInto('question')
      .columns(['id', 'sectionId', 'versionId', ...QUESTION_COPIED])
      .expression(
        trx
          .selectFrom('question as q')
          .select([copied('q.id').as('id'), copied('q.sectionId').as('sectionId'), to.as('versionId'), ...prefixed('q', QUESTION_COPIED)])
          .where('q.versionId', '=', fromVersionId),
      )
      .execute();
    await trx
      .insertInto('questionOption')
      .columns(['id', 'questionId', ...OPTION_COPIED])
      .expression(
        trx
          .selectFrom('questionOption as o')
          .innerJoin('question as oq', 'oq.id', 'o.questionId')
          .select([copied('o.id').as('id'), copied('o.questionId').as('questionId'), ...prefixed('o', OPTION_COPIED)])
          .where('oq.versionId', '=', fromVersionId),
      )
      .execute();
    await trx
      .insertInto('branchRule')
      .columns(['id', 'questionId', ...BRANCH_RULE_COPIED])
      .expression(
        trx
          .selectFrom('branchRule as r')
          .innerJoin('question as oq', 'oq.id', 'r.questionId')
          .select([copied('r.id').as('id'), copied('r.questionId').as('questionId'), ...prefixed('r', BRANCH_RULE_COPIED)])
          .where('oq.versionId', '=', fromVersionId),
      )
      .execute();
    await trx
      .insertInto('visibilityRule')
      .columns(['id', 'questionId', ...VISIBILITY_RULE_COPIED])
      .expression(
        trx
          .selectFrom('visibilityRule as r')
          .innerJoin('question as oq', 'oq.id', 'r.questionId')
          .select([copied('r.id').as('id'), copied('r.questionId').as('questionId'), ...prefixed('r', VISIBILITY_RULE_COPIED)])
          .where('oq.versionId', '=', fromVersionId),
      )
      .execute();
  }
}
