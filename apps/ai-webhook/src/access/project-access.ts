/**
 * The project a user asks about, by its organization and project ids (the path parameters of `getEventRunStatus` in
 * docs/openapi/ai-webhook.json).
 */
export interface ProjectRef {
  organizationId: number;
  projectId: number;
}

/**
 * The internal data service port: may this identity provider subject read the project? Answers
 * false for no access (an unknown organization or project included); throws when the service cannot tell.
 * The DI token and the port in one.
 */
export abstract class ProjectAccess {
  abstract canRead(subject: string, project: ProjectRef): Promise<boolean>;
}
