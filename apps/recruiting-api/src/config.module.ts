import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { RecruitingConfig } from './config';
import { REDIS_KEY_PREFIX, SCHEDULING_CONFIG } from './config.tokens';

/**
 * The config sections features and core inject by the tokens of config.tokens.ts (scheduling, the Redis key prefix);
 * the adapters and imports take their slices through register() instead.
 */
@Global()
@Module({})
export class RecruitingConfigModule {
  static register(config: RecruitingConfig): DynamicModule {
    const providers = [
      { provide: SCHEDULING_CONFIG, useValue: config.scheduling },
      { provide: REDIS_KEY_PREFIX, useValue: config.redis.keyPrefix },
    ];
    return { module: RecruitingConfigModule, providers, exports: providers.map((p) => p.provide) };
  }
}
