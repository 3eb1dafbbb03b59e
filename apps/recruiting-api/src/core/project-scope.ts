import type { Db } from '../database/recruiting-db';
import { RecruitingError } from '../recruiting.errors';

export interface ProjectScope {
  id: number;
  name: string;
  interviewDurationMinutes: number;
  timezone: string;
}

/** Every project-scoped route starts here: an unknown project answers 404 before anything else is read or written. */
export async function requireProject(db: Db, projectId: number): Promise<ProjectScope> {
  const project = await db
    .selectFrom('projects')
    .select(['id', 'name', 'interviewDurationMinutes', 'timezone'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) throw new RecruitingError('NOT_FOUND', 'The project does not exist');
  return project;
}
