import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { EdgeIdentityController } from './edge-identity.controller';
import { EdgeIdentityService } from './edge-identity.service';
import { BUILDER_CREDENTIAL_CHECKS, IDENTITY_OPTIONS, IdentityGuard, type IdentityOptions } from './identity.guard';
import { UsersModule } from './users.module';

/**
 * Who calls: the x-user-email and x-user-name headers (or the import key on import routes), on every route; and the
 * edge's identity check, which sets those headers from a platform access token.
 */
@Module({})
export class IdentityModule {
  static register(options: IdentityOptions): DynamicModule {
    return {
      module: IdentityModule,
      imports: [UsersModule],
      controllers: [EdgeIdentityController],
      providers: [
        EdgeIdentityService,
        { provide: IDENTITY_OPTIONS, useValue: options },
        { provide: APP_GUARD, useClass: IdentityGuard },
        BUILDER_CREDENTIAL_CHECKS,
      ],
    };
  }
}
