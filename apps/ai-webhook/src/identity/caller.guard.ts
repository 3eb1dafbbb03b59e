import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { apiKeyMatches, bearerToken } from '@platform/auth';
import { IS_PUBLIC, routeMetadata } from '@platform/runtime';
import { AiWebhookError } from '../ai-webhook.errors';
import { WEBHOOK_KEY_ROUTE } from './caller';
import { type IdpUser, IdpTokenVerifier } from './idp-token-verifier';

export const WEBHOOK_KEY = Symbol('WEBHOOK_KEY');

/**
 * Every route is closed unless it says otherwise: the webhook takes X-API-Key compared in constant
 * time with AI_WEBHOOK_API_KEY; every other route takes the identity provider's JWT; probes are public.
 */
@Injectable()
export class CallerGuard implements CanActivate {
  constructor(
    private readonly verifier: IdpTokenVerifier,
    @Inject(WEBHOOK_KEY) private readonly webhookKey: string,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (routeMetadata<boolean>(context, IS_PUBLIC)) return true;
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown>; user?: IdpUser }>();
    if (routeMetadata<boolean>(context, WEBHOOK_KEY_ROUTE)) {
      if (!apiKeyMatches(request.headers['x-api-key'], this.webhookKey)) {
        throw new AiWebhookError('UNAUTHENTICATED', 'A valid X-API-Key header is required');
      }
      return true;
    }
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AiWebhookError('UNAUTHENTICATED', 'A bearer token is required');
    request.user = await this.verifier.verify(token);
    return true;
  }
}
