import { z } from 'zod';
import { env } from '@platform/runtime';
import type { MessagingOptions } from './messaging.options';

export const messagingEnv = z.object({
  AMQP_URL: env.url(['amqp', 'amqps']),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]*$/, { error: 'letters, digits, _ . - only' })
    .default(''),
  JOB_PREFETCH: env.positiveInt(4),
  JOB_MAX_ATTEMPTS: env.positiveInt(3),
  JOB_RETRY_DELAY_MS: env.positiveInt(2000),
});

/** The messaging part of an app's typed config, for the queues the app uses. */
export function messagingOptionsFrom(e: z.infer<typeof messagingEnv>, queues: MessagingOptions['queues']): MessagingOptions {
  return {
    url: e.AMQP_URL,
    queues,
    queuePrefix: e.QUEUE_PREFIX,
    prefetch: e.JOB_PREFETCH,
    maxAttempts: e.JOB_MAX_ATTEMPTS,
    retryDelayMs: e.JOB_RETRY_DELAY_MS,
  };
}
