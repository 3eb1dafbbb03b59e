import { Injectable } from '@nestjs/common';
import { type JobContext, QueueConsumer } from '@platform/messaging';
import { type ImportJobMessage, RECRUITING_IMPORT_QUEUE } from '../../recruiting.queues';
import { ImportRunner } from './import-runner';

/** The `recruiting-import` queue's handler; the consumer host acks only after the job has finished. */
@Injectable()
export class ImportJobsConsumer extends QueueConsumer<ImportJobMessage> {
  readonly queue = RECRUITING_IMPORT_QUEUE;

  constructor(private readonly runner: ImportRunner) {
    super();
  }

  handle(message: ImportJobMessage): Promise<void> {
    return this.runner.run(message.importLogId);
  }

  override async onFinalFailure(message: ImportJobMessage, error: Error, context: JobContext): Promise<void> {
    await this.runner.fail(message.importLogId, `${error.message} (attempt ${context.attempt} of ${context.maxAttempts})`);
  }
}
