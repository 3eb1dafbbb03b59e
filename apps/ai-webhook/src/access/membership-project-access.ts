import { Injectable } from '@nestjs/common';
import { AiJobsDb } from '../database/ai-jobs-db';
import { MembershipRepository } from './membership.repository';
import { ProjectAccess, type ProjectRef } from './project-access';

/** Local set-ups: the data service port answered from the project_membership table. */
@Injectable()
export class MembershipProjectAccess extends ProjectAccess {
  constructor(
    private readonly db: AiJobsDb,
    private readonly memberships: MembershipRepository,
  ) {
    super();
  }

  canRead(subject: string, project: ProjectRef): Promise<boolean> {
    return this.memberships.isMember(this.db, subject, project);
  }
}
