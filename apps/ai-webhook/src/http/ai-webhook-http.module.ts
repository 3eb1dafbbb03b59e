import { type DynamicModule, Module } from '@nestjs/common';
import { httpConventions } from '@platform/contracts';
import { AiWebhookExceptionFilter } from '../ai-webhook.errors';
import type { IdpConfig } from '../config';
import { IdentityModule } from '../identity/identity.module';

/**
 * What every request of ai-webhook goes through, imported by AppModule and by the controller specs alike: who calls
 * (IdentityModule: the webhook key or the identity provider's JWT), the validation pipe (422) and the error filter.
 */
@Module({})
export class AiWebhookHttpModule {
  static register(options: { webhookApiKey: string; idp: IdpConfig }): DynamicModule {
    return {
      module: AiWebhookHttpModule,
      imports: [IdentityModule.register(options)],
      providers: httpConventions({ filter: AiWebhookExceptionFilter }),
    };
  }
}
