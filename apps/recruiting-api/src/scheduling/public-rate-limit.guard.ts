import { type CanActivate, type ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { REDIS } from '@platform/persistence';
import { counterMetric } from '@platform/runtime';
import type { SchedulingConfig } from '../config';
import { REDIS_KEY_PREFIX, SCHEDULING_CONFIG } from '../config.tokens';
import { RecruitingError } from '../recruiting.errors';

/** Public requests let through without counting because Redis could not be reached (what the Redis alert reads). */
const unchecked = () =>
  counterMetric({
    name: 'rate_limit_unchecked_total',
    help: 'Public scheduling requests let through uncounted because the rate-limit store (Redis) could not be reached.',
  });

/**
 * Public scheduling limits: requests per client address and per token in fixed windows, counted in Redis so every
 * replica sees the same counts (a token is the only credential there). Above a limit: 429 with Retry-After. When
 * Redis cannot be reached the request passes (logged): a 256-bit token cannot be guessed, and the page must not go
 * down with the counter.
 */
@Injectable()
export class PublicRateLimitGuard implements CanActivate {
  private readonly logger = new Logger('PublicRateLimit');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_KEY_PREFIX) private readonly prefix: string,
    @Inject(SCHEDULING_CONFIG) private readonly config: SchedulingConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: { token?: string } }>>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const { perAddress, perToken, windowSeconds } = this.config.rateLimit;
    const windowMs = windowSeconds * 1000;
    const now = Date.now();
    const window = Math.floor(now / windowMs);
    const token = request.params?.token ?? '';
    const tokenKey = createHash('sha256').update(token).digest('base64url').slice(0, 22);
    const keys = [`${this.prefix}rl:addr:${request.ip}:${window}`, `${this.prefix}rl:token:${tokenKey}:${window}`];
    let counts: number[];
    try {
      const results = await this.redis.multi().incr(keys[0]).pexpire(keys[0], windowMs).incr(keys[1]).pexpire(keys[1], windowMs).exec();
      counts = [Number(results?.[0]?.[1] ?? 0), Number(results?.[2]?.[1] ?? 0)];
    } catch (error) {
      this.logger.warn(`rate limit not counted (Redis): ${(error as Error).message}`);
      unchecked().inc();
      return true;
    }
    if (counts[0] > perAddress || counts[1] > perToken) {
      const retryAfter = Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
      reply.header('retry-after', String(retryAfter));
      throw new RecruitingError('TOO_MANY_REQUESTS', `Too many requests; try again in ${retryAfter} s`);
    }
    return true;
  }
}
