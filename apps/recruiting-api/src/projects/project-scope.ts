import type { Db } from '../database/recruiting-db';
import { RecruitingError } from '../recruiting.errors';

/** Every project-scoped route starts here: an unknown project answers 404 before anything else is read or written. */
export async function requireProject(db: Db, projectId: number): Promise<{ id: number; name: string; interviewDurationMinutes: number }> {
  const project = await db
    .selectFrom('projects')
    .select(['id', 'name', 'interviewDurationMinutes'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) throw new RecruitingError('NOT_FOUND', 'The project does not exist');
  return project;
}
