/** Recruiting roles, weakest first: viewer reads; member and admin also write. */
export const ROLES = ['viewer', 'member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True when `held` is at least `needed`; an unknown role satisfies nothing. */
export function roleSatisfies(held: unknown, needed: Role): boolean {
  return isRole(held) && ROLES.indexOf(held) >= ROLES.indexOf(needed);
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The role a request needs when its route names none: reads need viewer, writes member. */
export function defaultRoleFor(method: string): Role {
  return READ_METHODS.has(method.toUpperCase()) ? 'viewer' : 'member';
}
