import { counterMetric, histogramMetric, LONG_DURATION_BUCKETS_SECONDS } from '@platform/runtime';

/** How a delivery ended: done, back for another attempt, waiting out an outage, or dead-lettered. */
export type JobOutcome = 'success' | 'retry' | 'outage' | 'dead_letter';

const destination = ['messaging_destination_name'] as const;

/**
 * The job metrics of issue 22, by queue (the spec's name, without the environment's prefix). Names follow
 * OpenTelemetry's messaging conventions where they have one (`messaging.client.sent.messages`,
 * `messaging.client.consumed.messages`, `messaging.process.duration`); retries and dead letters are the platform's.
 */
export const messagingMetrics = {
  sent: () =>
    counterMetric({
      name: 'messaging_client_sent_messages_total',
      help: 'Job messages published and confirmed by the broker.',
      labelNames: destination,
    }),
  consumed: () =>
    counterMetric({
      name: 'messaging_client_consumed_messages_total',
      help: 'Job messages delivered to a consumer.',
      labelNames: destination,
    }),
  retried: () =>
    counterMetric({ name: 'messaging_job_retries_total', help: 'Failed attempts sent back for another attempt.', labelNames: destination }),
  deadLettered: () =>
    counterMetric({ name: 'messaging_job_dead_lettered_total', help: 'Jobs moved to their dead-letter queue.', labelNames: destination }),
  processDuration: () =>
    histogramMetric({
      name: 'messaging_process_duration_seconds',
      help: 'Time a consumer spent on one delivery, by outcome.',
      labelNames: ['messaging_destination_name', 'outcome'] as const,
      buckets: LONG_DURATION_BUCKETS_SECONDS,
    }),
};
