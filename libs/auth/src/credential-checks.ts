import type { Provider } from '@nestjs/common';
import { type CredentialCheck, CREDENTIAL_CHECKS } from '@platform/runtime';
import { DomainError } from '@platform/contracts';
import { apiKeyMatches } from './api-key.guard';
import { readHeaderUser } from './header-user.guard';
import { accessTokenUser, type AuthenticatedUser, bearerToken } from './jwt-auth.guard';

/**
 * The credential checks the apps' routes run before a body is read (libs/runtime credentialGate), one per kind of
 * credential: each answers false when the request does not present its credential, true when it presents a valid one,
 * and throws 401 UNAUTHENTICATED when it presents one that is not valid.
 */

/** A platform access token in `Authorization: Bearer`; the user it names is attached for the guards (request.user). */
export function bearerCredential(secret: string): CredentialCheck {
  return (request) => {
    const header = request.headers.authorization;
    if (header === undefined) return false;
    const token = bearerToken(header);
    if (!token) throw new DomainError('UNAUTHENTICATED', 'A bearer token is required');
    (request as { user?: AuthenticatedUser }).user = accessTokenUser(token, secret);
    return true;
  };
}

/** A key in `header` equal to `key` (compared in constant time); none is accepted when `key` is unset. */
export function apiKeyCredential(header: string, key: string | undefined): CredentialCheck {
  return (request) => {
    const given = request.headers[header];
    if (given === undefined) return false;
    if (!apiKeyMatches(given, key)) throw new DomainError('UNAUTHENTICATED', `A valid ${header} header is required`);
    return true;
  };
}

/** The x-user-email and x-user-name headers the edge sets from a verified token (the survey builder's callers). */
export function headerUserCredential(): CredentialCheck {
  return (request) => {
    const { headers } = request;
    if (headers['x-user-email'] === undefined && headers['x-user-name'] === undefined) return false;
    if (!readHeaderUser(headers)) {
      throw new DomainError('UNAUTHENTICATED', 'The x-user-email and x-user-name headers are required');
    }
    return true;
  };
}

/** The credential checks of an app whose documented `bearer` routes take the platform access token (CREDENTIAL_CHECKS). */
export function accessTokenChecks(secret: string): Provider {
  return { provide: CREDENTIAL_CHECKS, useValue: { bearer: bearerCredential(secret) } };
}
