import { Injectable } from '@nestjs/common';
import { containsPattern } from '@platform/persistence';
import type { Db, Trx } from '../database/builder-db';
import { type RoleType, STATUS_ARCHIVED, type SurveyStatus } from '../domain/model';
import type { StoredTheme } from '../domain/theme';

export interface SurveyRow extends StoredTheme {
  id: string;
  status: SurveyStatus;
  latestVersionId: string;
  latestVersionNo: number;
  createdBy: string;
  updatedBy: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A survey as the caller sees it: with their own permission on it, if any. */
export interface AccessibleSurvey extends SurveyRow {
  role: RoleType | null;
}

export type SurveySort = 'updatedAtDesc' | 'updatedAtAsc' | 'titleAsc' | 'titleDesc';

export interface SurveyListQuery {
  userId: string;
  isAdmin: boolean;
  q?: string;
  status?: SurveyStatus;
  includeArchived: boolean;
  sort: SurveySort;
  limit: number;
  offset: number;
}

export interface SurveyListRow extends SurveyRow {
  favorite: boolean;
  sectionCount: number;
}

export type SurveyFields = Partial<StoredTheme & { status: SurveyStatus }>;

/** The one column list of the survey table. */
const SURVEY_COLUMNS = [
  's.id',
  's.title',
  's.clientName',
  's.objective',
  's.deliveryArea',
  's.category',
  's.promptText',
  's.status',
  's.latestVersionId',
  's.latestVersionNo',
  's.createdBy',
  's.updatedBy',
  's.createdAt',
  's.updatedAt',
] as const;

const SORTS: Record<SurveySort, ['s.updatedAt' | 's.title', 'asc' | 'desc']> = {
  updatedAtDesc: ['s.updatedAt', 'desc'],
  updatedAtAsc: ['s.updatedAt', 'asc'],
  titleAsc: ['s.title', 'asc'],
  titleDesc: ['s.title', 'desc'],
};

@Injectable()
export class SurveyRepository {
  /** A survey that is not deleted, with the user's permission on it. */
  async find(db: Db, surveyId: string, userId: string): Promise<AccessibleSurvey | undefined> {
    return this.withRole(db, userId).where('s.id', '=', surveyId).executeTakeFirst() as Promise<AccessibleSurvey | undefined>;
  }

  /** The same, locked until the transaction ends: changes to one survey run one at a time. */
  async findForUpdate(trx: Trx, surveyId: string, userId: string): Promise<AccessibleSurvey | undefined> {
    return this.withRole(trx, userId).where('s.id', '=', surveyId).forUpdate('s').executeTakeFirst() as Promise<
      AccessibleSurvey | undefined
    >;
  }

  /** The surveys the user may see, favorites first, paged in the database. */
  async list(db: Db, query: SurveyListQuery): Promise<SurveyListRow[]> {
    const [sortColumn, direction] = SORTS[query.sort];
    const rows = await db
      .selectFrom('survey as s')
      .leftJoin('surveyFavorite as f', (join) => join.onRef('f.surveyId', '=', 's.id').on('f.userId', '=', query.userId))
      .select(SURVEY_COLUMNS)
      .select((eb) => [
        eb('f.userId', 'is not', null).as('favorite'),
        eb
          .selectFrom('section as sec')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('sec.versionId', '=', 's.latestVersionId')
          .as('sectionCount'),
      ])
      .where('s.deletedAt', 'is', null)
      .$if(!query.isAdmin, (q) =>
        q.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('surveyPermission as p')
              .select('p.surveyId')
              .whereRef('p.surveyId', '=', 's.id')
              .where('p.userId', '=', query.userId),
          ),
        ),
      )
      .$if(query.status !== undefined, (q) => q.where('s.status', '=', query.status!))
      .$if(query.status === undefined && !query.includeArchived, (q) => q.where('s.status', '<>', STATUS_ARCHIVED))
      .$if(Boolean(query.q), (q) =>
        q.where((eb) => eb.or([eb('s.title', 'ilike', containsPattern(query.q!)), eb('s.clientName', 'ilike', containsPattern(query.q!))])),
      )
      .orderBy('favorite', 'desc')
      .orderBy(sortColumn, direction)
      .orderBy('s.id')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return rows.map((row) => ({
      ...(row as unknown as SurveyRow),
      favorite: Boolean(row.favorite),
      sectionCount: Number(row.sectionCount ?? 0),
    }));
  }

  /** A new survey row; its version 1 is added by the caller in the same transaction. */
  async insert(trx: Trx, fields: StoredTheme & { status: SurveyStatus }, userId: string): Promise<string> {
    const { id } = await trx
      .insertInto('survey')
      .values({
        title: fields.title,
        clientName: fields.clientName,
        objective: fields.objective,
        deliveryArea: fields.deliveryArea,
        category: fields.category,
        promptText: fields.promptText,
        status: fields.status,
        latestVersionNo: 1,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Changes only the fields given and records who changed the survey (and when). */
  async update(trx: Trx, surveyId: string, fields: SurveyFields, userId: string): Promise<void> {
    const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as SurveyFields;
    await trx
      .updateTable('survey')
      .set({ ...given, updatedBy: userId, updatedAt: new Date() })
      .where('id', '=', surveyId)
      .execute();
  }

  async pointToVersion(trx: Trx, surveyId: string, versionId: string, versionNo: number, userId: string): Promise<void> {
    await trx
      .updateTable('survey')
      .set({ latestVersionId: versionId, latestVersionNo: versionNo, updatedBy: userId, updatedAt: new Date() })
      .where('id', '=', surveyId)
      .execute();
  }

  async softDelete(trx: Trx, surveyId: string, userId: string): Promise<void> {
    await trx
      .updateTable('survey')
      .set({ deletedAt: new Date(), updatedBy: userId, updatedAt: new Date() })
      .where('id', '=', surveyId)
      .execute();
  }

  /** Whether a survey exists and is not deleted, whoever asks (reuse of deleted surveys' rows, `importQuestion`). */
  async isLive(db: Db, surveyId: string): Promise<boolean | undefined> {
    const row = await db.selectFrom('survey').select('deletedAt').where('id', '=', surveyId).executeTakeFirst();
    return row ? row.deletedAt === null : undefined;
  }

  async setFavorite(trx: Trx, surveyId: string, userId: string, favorite: boolean): Promise<void> {
    if (favorite) {
      await trx
        .insertInto('surveyFavorite')
        .values({ userId, surveyId })
        .onConflict((c) => c.doNothing())
        .execute();
    } else {
      await trx.deleteFrom('surveyFavorite').where('userId', '=', userId).where('surveyId', '=', surveyId).execute();
    }
  }

  private withRole(db: Db, userId: string) {
    return db
      .selectFrom('survey as s')
      .leftJoin('surveyPermission as p', (join) => join.onRef('p.surveyId', '=', 's.id').on('p.userId', '=', userId))
      .select([...SURVEY_COLUMNS, 'p.roleType as role'])
      .where('s.deletedAt', 'is', null);
  }
}
