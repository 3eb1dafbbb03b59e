import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { IdpUser } from './idp-token-verifier';

export const WEBHOOK_KEY_ROUTE = 'ai-webhook:webhook-key-route';

/** The route is called by AI workers with X-API-Key instead of a user's bearer token. */
export const WebhookKeyRoute = (): MethodDecorator & ClassDecorator => SetMetadata(WEBHOOK_KEY_ROUTE, true);

/** The identity provider user the caller guard verified. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): IdpUser => {
  return context.switchToHttp().getRequest<{ user: IdpUser }>().user;
});
