import {
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import type { HealthCheck } from '@platform/runtime';

export const REDIS = Symbol('REDIS');

@Injectable()
class RedisLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /**
   * Connects once the app has initialized (an app whose start fails, a pending migration, leaves no socket or retry
   * timer behind) and waits for the first attempt, so the app is ready with Redis when Redis answers; a Redis that is
   * down does not stop the start, the client keeps reconnecting.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (this.redis.status === 'wait') await this.redis.connect().catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * A Redis client that never holds the app hostage: it connects in the background once the app has started, commands fail at once
 * while it is down (no offline queue), and it keeps reconnecting. Health reports it as optional.
 */
@Module({})
export class RedisModule {
  static forRoot(options: { url: string; connectTimeoutMs?: number }): DynamicModule {
    return {
      module: RedisModule,
      global: true,
      providers: [
        {
          provide: REDIS,
          useFactory: () => {
            const logger = new Logger('Redis');
            const redis = new Redis(options.url, {
              enableOfflineQueue: false,
              lazyConnect: true,
              maxRetriesPerRequest: 1,
              connectTimeout: options.connectTimeoutMs ?? 2000,
              retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
            });
            redis.on('error', (error: Error) => logger.warn(`redis: ${error.message}`));
            return redis;
          },
        },
        RedisLifecycle,
      ],
      exports: [REDIS],
    };
  }
}

export function redisHealthCheck(redis: Redis, required = false): HealthCheck {
  return { name: 'redis', required, check: async () => void (await redis.ping()) };
}
