import { Inject, Injectable } from '@nestjs/common';
import { ProjectAccess, type ProjectRef } from './project-access';

export const DATA_SERVICE_OPTIONS = Symbol('DATA_SERVICE_OPTIONS');

export interface DataServiceOptions {
  /** Base URL of the internal data service. */
  url: string;
  /** Sent in X-Service-Token on every call. */
  token: string;
  timeoutMs: number;
}

export const SERVICE_TOKEN_HEADER = 'x-service-token';

/**
 * Production: asks the internal data service, `GET <url>/internal/v1/organizations/{org}/projects/{project}/
 * members/{subject}` with the service token. 200 means access, 404 no access; anything else (another
 * status, a timeout, a refused connection) is a failure the caller answers 500 for.
 */
@Injectable()
export class HttpProjectAccess extends ProjectAccess {
  constructor(@Inject(DATA_SERVICE_OPTIONS) private readonly options: DataServiceOptions) {
    super();
  }

  async canRead(subject: string, { organizationId, projectId }: ProjectRef): Promise<boolean> {
    const base = this.options.url.replace(/(?<!\/)\/+$/, '');
    const url = `${base}/internal/v1/organizations/${organizationId}/projects/${projectId}/members/${encodeURIComponent(subject)}`;
    const answer = await fetch(url, {
      headers: { [SERVICE_TOKEN_HEADER]: this.options.token, accept: 'application/json' },
      signal: AbortSignal.timeout(this.options.timeoutMs),
      redirect: 'error',
    });
    await answer.body?.cancel();
    if (answer.status === 200) return true;
    if (answer.status === 404) return false;
    throw new Error(`data service answered ${answer.status}`);
  }
}
