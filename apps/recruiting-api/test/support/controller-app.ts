import type { ModuleMetadata, Provider, Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { accessTokenChecks, JWT_AUTH_OPTIONS, ROLES, RolesGuard } from '@platform/auth';
import { httpConventions, RecruitingEnvelopeInterceptor } from '@platform/contracts';
import type { PlatformApp } from '@platform/runtime';
import { type RouteAccessOptions, startControllerApp, stubProvider } from '@platform/testing/harness';
import { REDIS } from '@platform/persistence';
import { AccessTokenGuard } from '../../src/auth/access-token.guard';
import { REDIS_KEY_PREFIX, SCHEDULING_CONFIG } from '../../src/config.tokens';
import { PublicRateLimitGuard } from '../../src/scheduling/public-rate-limit.guard';
import { UsersRepository } from '../../src/database/repositories/users.repository';
import { RecruitingDb } from '../../src/database/recruiting-db';
import { RECRUITING_HTTP } from '../../src/http-surface';
import { RecruitingExceptionFilter } from '../../src/recruiting.errors';

export const CONTROLLER_JWT_SECRET = 'recruiting-controller-secret-0123456789abcdef';

/**
 * The user each role's caller is: recruiting reads a caller's role from its users table on every request, so each
 * role is a user of its own. CALLER_ID, the member, is the caller of most write routes.
 */
export const CALLER_IDS = { viewer: 6, member: 7, admin: 8 } as const;
export const CALLER_ID = CALLER_IDS.member;
const ROLE_OF_USER = new Map<number, string>(Object.entries(CALLER_IDS).map(([role, id]) => [id, role]));

const jwt = new JwtService();
const bearer = (claims: object, secret = CONTROLLER_JWT_SECRET) => ({
  authorization: `Bearer ${jwt.sign(claims, { secret, algorithm: 'HS256' })}`,
});

/** A caller of each role (user CALLER_ID), and the callers every Bearer route answers 401. */
export const RECRUITING_CALLERS = {
  roles: {
    order: ROLES,
    headers: (role: string) => bearer({ sub: String(CALLER_IDS[role as keyof typeof CALLER_IDS]), role, type: 'access' }),
  },
  unauthenticated: {
    'no token': {},
    'a malformed token': { authorization: 'Bearer not-a-token' },
    'a refresh token': bearer({ sub: String(CALLER_ID), role: 'admin', type: 'refresh' }),
    'a token of another secret': bearer({ sub: String(CALLER_ID), role: 'admin', type: 'access' }, 'another-secret-0123456789abcdef0123'),
    'a token of a deleted user': bearer({ sub: '404', role: 'admin', type: 'access' }),
  },
} satisfies Pick<RouteAccessOptions, 'roles' | 'unauthenticated'>;

/**
 * recruiting-api's controllers without a database: the real access-token and role guards (the user lookup answers
 * each role's caller with that role, and no other user: user 404 was deleted), validation pipe, error filter and
 * envelope; `services` are stubs.
 */
export function startRecruitingControllers(
  controllers: Type<unknown>[],
  services: Type<unknown>[],
  extra: Provider[] = [],
  imports: ModuleMetadata['imports'] = [],
): Promise<PlatformApp> {
  return startControllerApp({
    imports,
    controllers,
    providers: [
      ...services.map((service) => stubProvider(service)),
      { provide: JWT_AUTH_OPTIONS, useValue: { secret: CONTROLLER_JWT_SECRET } },
      accessTokenChecks(CONTROLLER_JWT_SECRET),
      { provide: RecruitingDb, useValue: {} },
      { provide: UsersRepository, useValue: { roleOf: async (_db: unknown, id: number) => ROLE_OF_USER.get(id) } },
      { provide: APP_GUARD, useClass: AccessTokenGuard },
      { provide: APP_GUARD, useClass: RolesGuard },
      ...httpConventions({ filter: RecruitingExceptionFilter, envelope: RecruitingEnvelopeInterceptor }),
      ...extra,
    ],
    surface: RECRUITING_HTTP,
  });
}

/** The rate-limit guard's Redis, counting nothing: every request is the first of its window. */
const QUIET_REDIS = {
  multi: () => {
    const chain = {
      incr: () => chain,
      pexpire: () => chain,
      exec: async () => [
        [null, 1],
        [null, 1],
        [null, 1],
        [null, 1],
      ],
    };
    return chain;
  },
};

/** The real rate-limit guard, on a Redis that counts every request as the first of its window. */
export const RATE_LIMIT_PROVIDERS = [
  PublicRateLimitGuard,
  { provide: REDIS, useValue: QUIET_REDIS },
  { provide: REDIS_KEY_PREFIX, useValue: 'spec:' },
  { provide: SCHEDULING_CONFIG, useValue: { rateLimit: { perAddress: 100, perToken: 100, windowSeconds: 60 } } },
];
