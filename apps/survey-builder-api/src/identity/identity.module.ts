import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { apiKeyCredential, headerUserCredential } from '@platform/auth';
import { CREDENTIAL_CHECKS } from '@platform/runtime';
import { EdgeIdentityController } from './edge-identity.controller';
import { EdgeIdentityService } from './edge-identity.service';
import { IDENTITY_OPTIONS, IdentityGuard, type IdentityOptions } from './identity.guard';
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
        // Checked before a body is read (libs/runtime credentialGate): the user headers the edge set from the access token
        // (the document's `bearer`), or on import routes the import key.
        {
          provide: CREDENTIAL_CHECKS,
          useValue: { bearer: headerUserCredential(), importKey: apiKeyCredential('x-api-key', options.importApiKey) },
        },
      ],
    };
  }
}
