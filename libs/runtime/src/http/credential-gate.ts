import { UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { SecurityRequirementObject } from '@nestjs/swagger';

/**
 * Checks one security scheme's credential on a request before its body is read. Answers true when the request presents
 * the credential and it is valid (the check may attach what it proved to the request, for the guards after it), false
 * when the request does not present it; throws the service's 401 error when it presents one that is not valid.
 */
export type CredentialCheck = (request: FastifyRequest) => boolean;

/** An app's checks by security scheme name (the names its OpenAPI document uses), provided under CREDENTIAL_CHECKS. */
export type CredentialChecks = Readonly<Record<string, CredentialCheck>>;

/** The Nest provider token of an app's credential checks. */
export const CREDENTIAL_CHECKS = Symbol('CREDENTIAL_CHECKS');

type OnRequest = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * The onRequest hook of a route whose documented security is `requirements` (alternatives, each a set of schemes that
 * must all hold): it runs before Fastify reads, inflates or parses the body, so a request without valid credentials
 * costs a header check and nothing more. Throws at start-up when a scheme has no check, so no documented route goes
 * unguarded. The guards still run after it (roles, permissions, revocation); a check that attached the principal saves
 * them verifying it twice.
 */
export function credentialGate(route: string, requirements: SecurityRequirementObject[], checks: CredentialChecks): OnRequest {
  const alternatives = requirements.map((requirement) =>
    Object.keys(requirement).map((scheme) => {
      const check = checks[scheme];
      if (!check) throw new Error(`${route} accepts the ${scheme} credential, but the app provides no check for it (CREDENTIAL_CHECKS)`);
      return check;
    }),
  );
  const names = requirements.map((requirement) => Object.keys(requirement).join(' and ')).join(' or ');
  const message = `Credentials are required (${names})`;
  return (request, _reply, done) => {
    try {
      for (const schemes of alternatives) {
        let held = true;
        for (const check of schemes) if (!check(request)) held = false;
        if (held) return done();
      }
    } catch (problem) {
      return done(problem as Error);
    }
    // None of the credentials the route accepts: 401 in the service's body (every service maps Nest's HTTP exceptions).
    done(new UnauthorizedException(message));
  };
}
