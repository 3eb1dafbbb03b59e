import { Injectable, Logger } from '@nestjs/common';
import { AiWebhookError, notFound, upstreamFailure } from '../ai-webhook.errors';
import { ProjectAccess, type ProjectRef } from '../access/project-access';
import type { IdpUser } from '../identity/idp-token-verifier';
import { EventRunStore } from './event-run-store';

/** A status document as the worker wrote it: passed on unchanged, keys in snake_case. */
export type EventRunDocument = Record<string, unknown>;

/**
 * The onboarding event-run status read (`getEventRunStatus` in docs/openapi/ai-webhook.json): project access through
 * the data service port (403), then the worker's document from Redis (404 unknown or expired). Failures of either
 * upstream are 500 without detail.
 */
@Injectable()
export class EventRunsService {
  private readonly logger = new Logger(EventRunsService.name);

  constructor(
    private readonly access: ProjectAccess,
    private readonly store: EventRunStore,
  ) {}

  async status(user: IdpUser, project: ProjectRef, eventRunId: string): Promise<EventRunDocument> {
    const allowed = await this.upstream('data service', () => this.access.canRead(user.subject, project));
    if (!allowed) throw new AiWebhookError('FORBIDDEN', 'You have no access to this project');
    const text = await this.upstream('redis', () => this.store.read(project, eventRunId));
    if (text === undefined) throw notFound('The event run');
    return this.upstream('redis', async () => parseDocument(text));
  }

  private async upstream<T>(name: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.logger.error({ err: error, upstream: name }, 'event-run status read failed');
      throw upstreamFailure();
    }
  }
}

function parseDocument(text: string): EventRunDocument {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('the event-run document is not a JSON object');
  return value as EventRunDocument;
}
