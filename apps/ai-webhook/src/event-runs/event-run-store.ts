import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '@platform/persistence';
import type { ProjectRef } from '../access/project-access';

/** The worker-owned key of an event run's status document (a JSON string with a TTL the worker sets). */
export function eventRunKey({ organizationId, projectId }: ProjectRef, eventRunId: string): string {
  return `event_run:${organizationId}:${projectId}:${eventRunId}`;
}

/** Reads event-run status documents from Redis; never writes them (the worker owns them). */
@Injectable()
export class EventRunStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** The stored JSON text, or undefined when unknown or expired. Throws when Redis fails. */
  async read(project: ProjectRef, eventRunId: string): Promise<string | undefined> {
    return (await this.redis.get(eventRunKey(project, eventRunId))) ?? undefined;
  }
}
