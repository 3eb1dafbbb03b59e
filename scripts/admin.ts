// The operator commands behind `npm run -s admin -- ...` (scripts/admin.sh sets the local secrets, database and Redis).
import { parseArgs } from 'node:util';
import { JwtService } from '@nestjs/jwt';
import { type AccessTokenClaims, isPlainEmail, isRole, ROLES } from '@platform/auth';
import { DEV_IDP_USER_LIST, idTokenFor } from '@platform/dev-idp';
import { RedisUserVersions } from '@platform/persistence';
import { Redis } from 'ioredis';
import { Client } from 'pg';

const USAGE = [
  'usage: npm run -s admin -- issue-token --email <email> --role <admin|member|viewer> [--name <name>]',
  '       npm run -s admin -- delete-user (--email <email> | --id <user id>)',
  '       npm run -s admin -- idp-token --email <seeded email>',
].join('\n');

/** Lifetime of an operator's access token, in seconds. */
const ISSUED_TOKEN_SECONDS = 3600;

function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(`${name} is missing: run bash scripts/up.sh once (it writes .data/dev-secrets.env)`);
  return value;
}

/** What a command writes to stdout, and the line it tells the operator on stderr. */
interface Outcome {
  stdout: string;
  note?: string;
}

/**
 * The platform database and the token versions, for the length of a command. A role change or a deletion bumps the
 * user's token version before its commit and again after it, as recruiting-api does (UsersService.changeRole), so
 * tokens signed before stop working at every app within seconds.
 */
async function withStores<T>(work: (db: Client, versions: RedisUserVersions) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: required('ADMIN_DATABASE_URL', process.env.ADMIN_DATABASE_URL) });
  const redis = new Redis(required('REDIS_URL', process.env.REDIS_URL), { lazyConnect: true, maxRetriesPerRequest: 1 });
  const versions = new RedisUserVersions(redis, process.env.AUTH_KEY_PREFIX || 'auth:');
  await db.connect();
  try {
    await redis.connect();
    return await work(db, versions);
  } finally {
    redis.disconnect();
    await db.end();
  }
}

async function inTransaction<T>(db: Client, work: () => Promise<T>): Promise<T> {
  await db.query('BEGIN');
  try {
    const result = await work();
    await db.query('COMMIT');
    return result;
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

/**
 * Creates or updates the recruiting user with this (verified) email and signs an access token for it. The operator
 * vouches for the address, so the user and the token say `email_verified: true`: the token acts at the survey builder
 * as that address, and the address may be an ADMIN_EMAILS or SURVEY_ADMIN_EMAILS one. Said on stderr each time.
 */
async function issueToken(args: string[]): Promise<Outcome> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  const email = values.email?.trim();
  if (!isPlainEmail(email)) throw new Error('--email must be a plain email address');
  if (!isRole(values.role)) throw new Error(`--role must be one of ${ROLES.join(', ')}`);
  const role = values.role;
  const name = values.name?.trim() || email.split('@')[0];
  if (name.length > 255) throw new Error('--name must be at most 255 characters');
  const secret = required('JWT_SECRET', process.env.JWT_SECRET);
  return withStores(async (db, versions) => {
    const user = await inTransaction(db, async () => {
      const before = await db.query<{ role: string }>(
        'SELECT role FROM recruiting.users WHERE lower(email) = lower($1) AND email_verified FOR UPDATE',
        [email],
      );
      const { rows } = await db.query<{ id: number; name: string }>(
        `INSERT INTO recruiting.users (email, name, role, email_verified) VALUES ($1, $2, $3, true)
         ON CONFLICT ((lower(email))) WHERE email_verified DO UPDATE
           SET role = EXCLUDED.role, name = CASE WHEN $4 THEN EXCLUDED.name ELSE users.name END, updated_at = now()
         RETURNING id, name`,
        [email, name, role, values.name !== undefined],
      );
      const roleChanged = before.rows.length > 0 && before.rows[0].role !== role;
      if (roleChanged) await versions.bump(rows[0].id);
      return { ...rows[0], roleChanged };
    });
    if (user.roleChanged) await versions.bump(user.id);
    const claims: AccessTokenClaims = {
      sub: String(user.id),
      role,
      email,
      email_verified: true,
      name: user.name,
      ver: await versions.current(user.id),
      type: 'access',
    };
    return {
      stdout: new JwtService().sign(claims, { secret, algorithm: 'HS256', expiresIn: ISSUED_TOKEN_SECONDS }),
      note:
        `an access token of user ${user.id} <${email}>, role ${role}, email_verified true (vouched for by this command), ` +
        `valid ${ISSUED_TOKEN_SECONDS} s${user.roleChanged ? "; the role changed, so the user's earlier tokens were revoked" : ''}`,
    };
  });
}

/** Deletes a recruiting user (by verified email or by id); its access tokens stop working at every app within seconds. */
async function deleteUser(args: string[]): Promise<Outcome> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, id: { type: 'string' } }, strict: true });
  if ((values.email === undefined) === (values.id === undefined)) throw new Error('give exactly one of --email and --id');
  if (values.id !== undefined && !/^[1-9]\d{0,9}$/.test(values.id)) throw new Error('--id must be a user id');
  return withStores(async (db, versions) => {
    const user = await inTransaction(db, async () => {
      const { rows } = await db.query<{ id: number; email: string }>(
        values.id !== undefined
          ? 'SELECT id, email FROM recruiting.users WHERE id = $1 FOR UPDATE'
          : 'SELECT id, email FROM recruiting.users WHERE lower(email) = lower($1) AND email_verified FOR UPDATE',
        [values.id ?? values.email],
      );
      if (rows.length === 0) throw new Error('no such user');
      await versions.bump(rows[0].id);
      await db.query('DELETE FROM recruiting.users WHERE id = $1', [rows[0].id]).catch((error: { code?: string }) => {
        throw error.code === '23503' ? new Error('the user is still named by records that must keep them (reservations)') : error;
      });
      return rows[0];
    });
    await versions.bump(user.id);
    return { stdout: `deleted user ${user.id} <${user.email}>; their tokens stop working at every app within seconds` };
  });
}

async function idpToken(args: string[]): Promise<Outcome> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' } }, strict: true });
  const user = DEV_IDP_USER_LIST.find((u) => u.email === values.email);
  if (!user) throw new Error(`--email must name a seeded user of the dev IdP: ${DEV_IDP_USER_LIST.map((u) => u.email).join(', ')}`);
  const clientSecret = required('DEV_IDP_TOOL_CLIENT_SECRET', process.env.DEV_IDP_TOOL_CLIENT_SECRET);
  const issuer = `http://127.0.0.1:${process.env.DEV_IDP_PORT || '9400'}`;
  const client = { clientId: process.env.IDP_AUDIENCE || 'ai-webhook', clientSecret, redirectUris: ['http://127.0.0.1:9/idp-token'] };
  return { stdout: await idTokenFor({ issuer, client, email: user.email, password: user.password }) };
}

const COMMANDS: Record<string, (args: string[]) => Promise<Outcome>> = {
  'issue-token': issueToken,
  'delete-user': deleteUser,
  'idp-token': idpToken,
};

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const run = command ? COMMANDS[command] : undefined;
  if (!run) throw new Error(USAGE);
  const outcome = await run(rest);
  if (outcome.note) process.stderr.write(`admin: ${outcome.note}\n`);
  process.stdout.write(`${outcome.stdout}\n`);
}

main(process.argv.slice(2)).catch((error: Error) => {
  process.stderr.write(`admin: ${error.message}\n`);
  process.exit(2);
});
