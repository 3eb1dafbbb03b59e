// The operator commands behind `npm run -s admin -- ...` (scripts/admin.sh sets the local secrets and database).
import { parseArgs } from 'node:util';
import { JwtService } from '@nestjs/jwt';
import { isRole, ROLES } from '@platform/auth';
import { DEV_IDP_USER_LIST, idTokenFor } from '@platform/dev-idp';
import { Client } from 'pg';

const USAGE = [
  'usage: npm run -s admin -- issue-token --email <email> --role <admin|member|viewer> [--name <name>]',
  '       npm run -s admin -- idp-token --email <seeded email>',
].join('\n');

/** Lifetime of an operator's access token, in seconds. */
const ISSUED_TOKEN_SECONDS = 3600;

function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(`${name} is missing: run bash scripts/up.sh once (it writes .data/dev-secrets.env)`);
  return value;
}

async function issueToken(args: string[]): Promise<string> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 320) throw new Error('--email must be an email address');
  if (!isRole(values.role)) throw new Error(`--role must be one of ${ROLES.join(', ')}`);
  const name = values.name?.trim() || email.split('@')[0];
  if (name.length > 255) throw new Error('--name must be at most 255 characters');
  const secret = required('JWT_SECRET', process.env.JWT_SECRET);
  const db = new Client({ connectionString: required('ADMIN_DATABASE_URL', process.env.ADMIN_DATABASE_URL) });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number; name: string }>(
      `INSERT INTO recruiting.users (email, name, role) VALUES ($1, $2, $3)
       ON CONFLICT ((lower(email))) DO UPDATE
         SET role = EXCLUDED.role, name = CASE WHEN $4 THEN EXCLUDED.name ELSE users.name END, updated_at = now()
       RETURNING id, name`,
      [email, name, values.role, values.name !== undefined],
    );
    return new JwtService().sign(
      { sub: String(rows[0].id), role: values.role, email, name: rows[0].name, type: 'access' },
      { secret, algorithm: 'HS256', expiresIn: ISSUED_TOKEN_SECONDS },
    );
  } finally {
    await db.end();
  }
}

async function idpToken(args: string[]): Promise<string> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' } }, strict: true });
  const user = DEV_IDP_USER_LIST.find((u) => u.email === values.email);
  if (!user) throw new Error(`--email must name a seeded user of the dev IdP: ${DEV_IDP_USER_LIST.map((u) => u.email).join(', ')}`);
  const clientSecret = required('DEV_IDP_TOOL_CLIENT_SECRET', process.env.DEV_IDP_TOOL_CLIENT_SECRET);
  const issuer = `http://127.0.0.1:${process.env.DEV_IDP_PORT || '9400'}`;
  const client = { clientId: process.env.IDP_AUDIENCE || 'ai-webhook', clientSecret, redirectUris: ['http://127.0.0.1:9/idp-token'] };
  return idTokenFor({ issuer, client, email: user.email, password: user.password });
}

const COMMANDS: Record<string, (args: string[]) => Promise<string>> = { 'issue-token': issueToken, 'idp-token': idpToken };

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const run = command ? COMMANDS[command] : undefined;
  if (!run) throw new Error(USAGE);
  process.stdout.write(`${await run(rest)}\n`);
}

main(process.argv.slice(2)).catch((error: Error) => {
  process.stderr.write(`admin: ${error.message}\n`);
  process.exit(2);
});
