import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DevIdpUser {
  subject: string;
  email: string;
  password: string;
  name: string;
  picture: string | null;
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
} as const;
