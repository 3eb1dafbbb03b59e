import type { Provider, Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { BuilderEnvelopeInterceptor, httpConventions } from '@platform/contracts';
import type { PlatformApp } from '@platform/runtime';
import { type RouteAccessOptions, startControllerApp, stubProvider } from '@platform/testing/harness';
import { BuilderExceptionFilter } from '../../src/builder.errors';
import { SURVEY_BUILDER_HTTP } from '../../src/http-surface';
import { BUILDER_CREDENTIAL_CHECKS, IDENTITY_OPTIONS, IdentityGuard } from '../../src/identity/identity.guard';
import { UsersService } from '../../src/identity/users.service';

export const CONTROLLER_IMPORT_KEY = 'builder-controller-import-key-0123456789';

/** The user every allowed caller resolves to. */
export const CALLER = { id: 'user-1', email: 'alice@example.com', name: 'Alice' };

/** The actor the identity guard hands to the services for CALLER (not an administrator: admin checks are the services'). */
export const ACTOR = { ...CALLER, isAdmin: false };

/**
 * The builder has no route roles: the edge sets x-user-email and x-user-name and the identity guard turns them into
 * the actor; what an actor may do is decided by the services. Callers without both headers answer 401.
 */
export const BUILDER_CALLERS = {
  caller: { 'x-user-email': CALLER.email, 'x-user-name': CALLER.name },
  unauthenticated: {
    'no identity headers': {},
    'an email without a name': { 'x-user-email': CALLER.email },
    'a name without an email': { 'x-user-name': CALLER.name },
    'an email that is not one': { 'x-user-email': 'alice', 'x-user-name': CALLER.name },
  },
} satisfies Pick<RouteAccessOptions, 'caller' | 'unauthenticated'>;

/**
 * survey-builder-api's controllers without a database: the real identity guard (its users service resolving every
 * caller to CALLER), validation pipe, error filter and envelope; `services` are stubs.
 */
export function startBuilderControllers(
  controllers: Type<unknown>[],
  services: Type<unknown>[],
  extra: Provider[] = [],
): Promise<PlatformApp> {
  return startControllerApp({
    controllers,
    providers: [
      ...services.map((service) => stubProvider(service)),
      { provide: IDENTITY_OPTIONS, useValue: { adminEmails: [], importApiKey: CONTROLLER_IMPORT_KEY } },
      {
        provide: UsersService,
        useValue: { resolve: async (email: string, name: string | undefined) => ({ ...CALLER, email, name: name ?? CALLER.name }) },
      },
      { provide: APP_GUARD, useClass: IdentityGuard },
      BUILDER_CREDENTIAL_CHECKS,
      ...httpConventions({ filter: BuilderExceptionFilter, envelope: BuilderEnvelopeInterceptor }),
      ...extra,
    ],
    surface: SURVEY_BUILDER_HTTP,
  });
}
