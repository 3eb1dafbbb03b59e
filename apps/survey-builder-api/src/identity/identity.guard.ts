import { type CanActivate, type ExecutionContext, Inject, Injectable, type Provider } from '@nestjs/common';
import { apiKeyCredential, apiKeyMatches, headerUserCredential, plainEmail, readHeaderUser } from '@platform/auth';
import { CREDENTIAL_CHECKS, IS_PUBLIC, routeMetadata } from '@platform/runtime';
import { BuilderError } from '../builder.errors';
import { type Actor, IMPORT_BOT, IMPORT_ROUTE } from './actor';
import { UsersService } from './users.service';

export const IDENTITY_OPTIONS = Symbol('IDENTITY_OPTIONS');

export interface IdentityOptions {
  adminEmails: string[];
  importApiKey: string | undefined;
  /** The platform's HS256 secret: the edge's identity check verifies access tokens with it (unset: the check answers 503). */
  jwtSecret?: string;
}

/**
 * Who is calling: x-user-email and x-user-name, or on import routes a matching x-api-key
 * (recorded as the x-user-email user, else the Import Bot). 401 otherwise. The user row is created on
 * first sight and its name kept current; administrators come from SURVEY_ADMIN_EMAILS.
 */
@Injectable()
export class IdentityGuard implements CanActivate {
  constructor(
    private readonly users: UsersService,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (routeMetadata<boolean>(context, IS_PUBLIC)) return true;
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown>; actor?: Actor }>();
    const identity =
      routeMetadata<boolean>(context, IMPORT_ROUTE) && request.headers['x-api-key'] !== undefined
        ? this.importIdentity(request.headers)
        : readHeaderUser(request.headers);
    if (!identity) throw new BuilderError('UNAUTHENTICATED', 'The x-user-email and x-user-name headers are required');
    const user = await this.users.resolve(identity.email, identity.name);
    request.actor = { ...user, isAdmin: this.options.adminEmails.includes(user.email) };
    return true;
  }

  private importIdentity(headers: Record<string, unknown>): { email: string; name: string | undefined } {
    if (!apiKeyMatches(headers['x-api-key'], this.options.importApiKey)) {
      throw new BuilderError('UNAUTHENTICATED', 'The x-api-key header does not match');
    }
    const full = readHeaderUser(headers);
    if (full) return full;
    if (headers['x-user-email'] === undefined) return IMPORT_BOT;
    const email = plainEmail(headers['x-user-email']);
    if (!email) throw new BuilderError('UNAUTHENTICATED', 'The x-user-email header is not a plain email address');
    return { email, name: undefined };
  }
}

/**
 * The builder's credentials checked before a body is read (libs/runtime credentialGate): the user headers the edge set
 * from the access token (the document's `bearer`), or on import routes the import key. Provided beside IdentityGuard.
 */
export const BUILDER_CREDENTIAL_CHECKS: Provider = {
  provide: CREDENTIAL_CHECKS,
  inject: [IDENTITY_OPTIONS],
  useFactory: (options: IdentityOptions) => ({
    bearer: headerUserCredential(),
    importKey: apiKeyCredential('x-api-key', options.importApiKey),
  }),
};
