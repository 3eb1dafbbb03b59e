import { Injectable } from '@nestjs/common';
import type { Db } from '../database/ai-jobs-db';
import type { ProjectRef } from './project-access';

/** The project_membership table, and the organizations and projects it refers to. */
@Injectable()
export class MembershipRepository {
  async isMember(db: Db, subject: string, { organizationId, projectId }: ProjectRef): Promise<boolean> {
    const row = await db
      .selectFrom('projectMembership as m')
      .innerJoin('project as p', 'p.id', 'm.projectId')
      .select('m.projectId')
      .where('m.subject', '=', subject)
      .where('m.projectId', '=', String(projectId))
      .where('p.organizationId', '=', String(organizationId))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Creates the organization and the project when missing; false when the project belongs to another organization. */
  async ensureProject(db: Db, { organizationId, projectId }: ProjectRef): Promise<boolean> {
    await db
      .insertInto('organization')
      .values({ id: String(organizationId) })
      .onConflict((c) => c.doNothing())
      .execute();
    await db
      .insertInto('project')
      .values({ id: String(projectId), organizationId: String(organizationId) })
      .onConflict((c) => c.doNothing())
      .execute();
    const project = await db.selectFrom('project').select('organizationId').where('id', '=', String(projectId)).executeTakeFirstOrThrow();
    return Number(project.organizationId) === organizationId;
  }

  async grant(db: Db, subject: string, projectId: number): Promise<void> {
    await db
      .insertInto('projectMembership')
      .values({ projectId: String(projectId), subject })
      .onConflict((c) => c.doNothing())
      .execute();
  }
}
