import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { apiKeyCredential } from '@platform/auth';
import { CREDENTIAL_CHECKS } from '@platform/runtime';
import type { IdpConfig } from '../config';
import { CallerGuard, WEBHOOK_KEY } from './caller.guard';
import { IDP_OPTIONS, IdpTokenVerifier } from './idp-token-verifier';

/** Who calls: AI workers with the webhook key, users with the identity provider's JWT (one global guard). */
@Module({})
export class IdentityModule {
  static register(options: { webhookApiKey: string; idp: IdpConfig }): DynamicModule {
    return {
      module: IdentityModule,
      providers: [
        { provide: IDP_OPTIONS, useValue: options.idp },
        { provide: WEBHOOK_KEY, useValue: options.webhookApiKey },
        // The webhook key checked before the callback's body is read (libs/runtime credentialGate); the event-run read
        // (the identity provider's JWT) has no body.
        { provide: CREDENTIAL_CHECKS, useValue: { webhookKey: apiKeyCredential('x-api-key', options.webhookApiKey) } },
        IdpTokenVerifier,
        { provide: APP_GUARD, useClass: CallerGuard },
      ],
    };
  }
}
