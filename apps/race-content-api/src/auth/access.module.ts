import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JWT_AUTH_OPTIONS, JwtAuthGuard, type JwtAuthOptions, RolesGuard } from '@platform/auth';

/**
 * Access to race content (spec: not shown; issue 9): the platform's HS256 access token, as recruiting-api
 * issues it. Reads (GET) need viewer or above, writes member or above; 401 without a valid token, 403 for a
 * write below member. Routes marked @Public() (the health checks) are open.
 */
@Module({})
export class AccessModule {
  static register(jwt: JwtAuthOptions): DynamicModule {
    return {
      module: AccessModule,
      providers: [
        { provide: JWT_AUTH_OPTIONS, useValue: jwt },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
      ],
    };
  }
}
