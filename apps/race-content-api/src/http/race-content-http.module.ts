import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { accessTokenChecks, JWT_AUTH_OPTIONS, JwtAuthGuard, type JwtAuthOptions, RolesGuard } from '@platform/auth';
import { httpConventions } from '@platform/contracts';
import { UndeclaredQueryGuard } from '../common/undeclared-query.guard';
import { RaceContentExceptionFilter } from '../race-content.errors';

/**
 * What every request of race-content-api goes through, imported by AppModule and by the controller specs alike:
 * access (spec: not shown; issue 9), the platform's HS256 access token as recruiting-api issues it (reads (GET)
 * need viewer or above, writes member or above; 401 without a valid token, 403 below the role; routes marked
 * @Public(), the health checks, are open); the validation pipe (422), the error filter, and the refusal of
 * undeclared query parameters.
 */
@Module({})
export class RaceContentHttpModule {
  static register(jwt: JwtAuthOptions): DynamicModule {
    return {
      module: RaceContentHttpModule,
      providers: [
        { provide: JWT_AUTH_OPTIONS, useValue: jwt },
        // The access token checked before a body is read (libs/runtime credentialGate).
        accessTokenChecks(jwt.secret),
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        ...httpConventions({ filter: RaceContentExceptionFilter }),
        { provide: APP_GUARD, useClass: UndeclaredQueryGuard },
      ],
    };
  }
}
