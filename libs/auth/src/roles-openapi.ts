import type { OperationObject, ResponseObject } from '@platform/runtime';
import { REQUIRED_ROLE_EXTENSION } from './decorators';
import { defaultRoleFor, type Role, ROLES, roleSatisfies } from './roles';

/**
 * Documents what RolesGuard enforces on a secured operation (an OpenApiInfo `securedOperation`): the role it needs (the
 * route's RequireRole, else the method's default) in its description, and 403 when a signed-in user can hold less.
 */
export function documentRequiredRole(
  operation: OperationObject,
  method: string,
  errorResponse: (description: string) => ResponseObject,
): void {
  const extensions = operation as OperationObject & Record<string, unknown>;
  const role = (extensions[REQUIRED_ROLE_EXTENSION] as Role | undefined) ?? defaultRoleFor(method);
  delete extensions[REQUIRED_ROLE_EXTENSION];
  const weakest = ROLES[0];
  if (roleSatisfies(weakest, role)) return;
  const needed = `Needs the ${role} role or above (roles: ${ROLES.join(' < ')}).`;
  operation.description = operation.description ? `${operation.description}\n\n${needed}` : needed;
  operation.responses['403'] ??= errorResponse(`The token's role is below ${role} (FORBIDDEN)`);
}
