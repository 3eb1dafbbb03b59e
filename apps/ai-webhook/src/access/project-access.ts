/** The project a user asks about, by its organization and project ids (spec 4.9 path parameters). */
export interface ProjectRef {
  organizationId: number;
  projectId: number;
}

/**
 * The internal data service port (spec 5): may this identity provider subject read the project? Answers
 * false for no access (an unknown organization or project included); throws when the service cannot tell.
 * The DI token and the port in one.
 */
export abstract class ProjectAccess {
  abstract canRead(subject: string, project: ProjectRef): Promise<boolean>;
}
