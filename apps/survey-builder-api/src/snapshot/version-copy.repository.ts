import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Trx } from '../database/builder-db';
import {
  BRANCH_RULE_COLUMNS,
  except,
  OPTION_COLUMNS,
  QUESTION_COLUMNS,
  SECTION_COLUMNS,
  VISIBILITY_RULE_COLUMNS,
} from './snapshot.columns';

const SECTION_COPIED = except(SECTION_COLUMNS, 'id', 'versionId');
const QUESTION_COPIED = except(QUESTION_COLUMNS, 'id', 'versionId', 'sectionId');
const OPTION_COPIED = except(OPTION_COLUMNS, 'id', 'questionId');
const BRANCH_RULE_COPIED = except(BRANCH_RULE_COLUMNS, 'id', 'questionId');
const VISIBILITY_RULE_COPIED = except(VISIBILITY_RULE_COLUMNS, 'id', 'questionId');

const prefixed = <A extends string, C extends string>(alias: A, columns: readonly C[]) =>
  columns.map((c) => `${alias}.${c}` as `${A}.${C}`);

/**
 * Copies a whole version (save, rollback, survey copies): five set-based INSERT … SELECT statements, one per
 * table, with stable ids carried over so library entries and the new rows find their sources. A copy holds exactly
 * what its source holds, so it is within the survey's and the questions' limits (domain/limits.ts) by construction:
 * every write into a version checks them.
 */
@Injectable()
export class VersionCopyRepository {
  async copyVersion(trx: Trx, fromVersionId: string, toVersionId: string): Promise<void> {
    const to = sql<string>`${toVersionId}::uuid`;
    await trx
      .insertInto('section')
      .columns(['versionId', ...SECTION_COPIED])
      .expression(
        trx
          .selectFrom('section')
          .select([to.as('versionId'), ...SECTION_COPIED])
          .where('versionId', '=', fromVersionId),
      )
      .execute();
    await trx
      .insertInto('question')
      .columns(['sectionId', 'versionId', ...QUESTION_COPIED])
      .expression(
        trx
          .selectFrom('question as q')
          .innerJoin('section as os', 'os.id', 'q.sectionId')
          .innerJoin('section as ns', (join) => join.on('ns.versionId', '=', toVersionId).onRef('ns.stableId', '=', 'os.stableId'))
          .select(['ns.id as sectionId', to.as('versionId'), ...prefixed('q', QUESTION_COPIED)])
          .where('q.versionId', '=', fromVersionId),
      )
      .execute();
    // Each question of the old version beside its copy in the new one.
    const pairs = trx
      .selectFrom('question as oq')
      .innerJoin('question as nq', (join) => join.on('nq.versionId', '=', toVersionId).onRef('nq.stableId', '=', 'oq.stableId'))
      .select(['oq.id as oldId', 'nq.id as newId'])
      .where('oq.versionId', '=', fromVersionId)
      .as('p');
    await trx
      .insertInto('questionOption')
      .columns(['questionId', ...OPTION_COPIED])
      .expression(
        trx
          .selectFrom('questionOption as o')
          .innerJoin(pairs, 'p.oldId', 'o.questionId')
          .select(['p.newId as questionId', ...prefixed('o', OPTION_COPIED)]),
      )
      .execute();
    await trx
      .insertInto('branchRule')
      .columns(['questionId', ...BRANCH_RULE_COPIED])
      .expression(
        trx
          .selectFrom('branchRule as r')
          .innerJoin(pairs, 'p.oldId', 'r.questionId')
          .select(['p.newId as questionId', ...prefixed('r', BRANCH_RULE_COPIED)]),
      )
      .execute();
    await trx
      .insertInto('visibilityRule')
      .columns(['questionId', ...VISIBILITY_RULE_COPIED])
      .expression(
        trx
          .selectFrom('visibilityRule as r')
          .innerJoin(pairs, 'p.oldId', 'r.questionId')
          .select(['p.newId as questionId', ...prefixed('r', VISIBILITY_RULE_COPIED)]),
      )
      .execute();
  }
}
