import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db, Trx } from '../database/builder-db';
import type { RoleType } from '../domain/model';

export interface PermissionRow {
  userId: string;
  userName: string;
  roleType: RoleType;
}

@Injectable()
export class PermissionRepository {
  async list(db: Db, surveyId: string): Promise<PermissionRow[]> {
    return (await db
      .selectFrom('surveyPermission as p')
      .innerJoin('user as u', 'u.id', 'p.userId')
      .select(['p.userId', 'u.name as userName', 'p.roleType'])
      .where('p.surveyId', '=', surveyId)
      .orderBy('u.name')
      .orderBy('u.id')
      .execute()) as PermissionRow[];
  }

  /** The given list becomes the survey's whole list. */
  async replace(trx: Trx, surveyId: string, entries: Array<{ userId: string; roleType: RoleType }>): Promise<void> {
    await trx.deleteFrom('surveyPermission').where('surveyId', '=', surveyId).execute();
    if (entries.length === 0) return;
    await trx
      .insertInto('surveyPermission')
      .values(entries.map((e) => ({ surveyId, userId: e.userId, roleType: e.roleType })))
      .execute();
  }

  /** Gives or raises a user's permission (edit is never lowered to view). */
  async grant(trx: Trx, surveyId: string, userId: string, roleType: RoleType): Promise<void> {
    await trx
      .insertInto('surveyPermission')
      .values({ surveyId, userId, roleType })
      .onConflict((c) =>
        c.columns(['surveyId', 'userId']).doUpdateSet((eb) => ({
          roleType: eb.case().when('surveyPermission.roleType', '=', 'edit').then('edit').else(eb.ref('excluded.roleType')).end(),
        })),
      )
      .execute();
  }

  async copy(trx: Trx, fromSurveyId: string, toSurveyId: string): Promise<void> {
    await trx
      .insertInto('surveyPermission')
      .columns(['surveyId', 'userId', 'roleType'])
      .expression((eb) =>
        eb
          .selectFrom('surveyPermission')
          .select([sql<string>`${toSurveyId}::uuid`.as('surveyId'), 'userId', 'roleType'])
          .where('surveyId', '=', fromSurveyId),
      )
      .execute();
  }
}
