import { DomainError } from '@platform/contracts';

/** The broker is unreachable or did not confirm in time: the message was not accepted. */
export class QueueUnavailableError extends DomainError<'QUEUE_UNAVAILABLE'> {
  constructor(reason: string) {
    super('QUEUE_UNAVAILABLE', `The job queue is unavailable: ${reason}`);
  }
}

/** A job failure that retrying cannot mend (the record it names is gone, say): dead-lettered at once. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}
