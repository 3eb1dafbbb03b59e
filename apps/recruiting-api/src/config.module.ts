import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { RecruitingConfig } from './config';
import { CALENDAR_CONFIG, REDIS_KEY_PREFIX, SCHEDULING_CONFIG } from './config.tokens';

/** The config sections feature modules inject (by the tokens of config.tokens.ts). */
@Global()
@Module({})
export class RecruitingConfigModule {
  static register(config: RecruitingConfig): DynamicModule {
    const providers = [
      { provide: SCHEDULING_CONFIG, useValue: config.scheduling },
      { provide: CALENDAR_CONFIG, useValue: config.calendar },
      { provide: REDIS_KEY_PREFIX, useValue: config.redis.keyPrefix },
    ];
    return { module: RecruitingConfigModule, providers, exports: providers.map((p) => p.provide) };
  }
}
