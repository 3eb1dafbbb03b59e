import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DevIdpUser {
  subject: string;
  email: string;
  password: string;
  name: string;
  picture: string | null;
  /** Whether the provider says the email is verified (`email_verified`); true unless the file says false. */
  emailVerified?: boolean;
}

/** The development identity provider's seeded users (one file, read by the server too). */
export const DEV_IDP_USER_LIST: readonly DevIdpUser[] = JSON.parse(
  readFileSync(join(__dirname, 'dev-idp-users.json'), 'utf8'),
) as DevIdpUser[];

const byEmail = (email: string): DevIdpUser => {
  const user = DEV_IDP_USER_LIST.find((u) => u.email === email);
  if (!user) throw new Error(`no seeded user ${email}`);
  return user;
};

export const DEV_IDP_USERS = {
  admin: byEmail('admin@example.com'),
  member: byEmail('member@example.com'),
  viewer: byEmail('viewer@example.com'),
  tanaka: byEmail('tanaka@example.com'),
  /** A user whose email the provider does not vouch for (`email_verified: false`). */
  unverified: byEmail('unverified@example.com'),
} as const;
