// The operator commands behind `npm run -s admin -- ...` (scripts/admin.sh sets the local secrets).
import { parseArgs } from 'node:util';
import { DEV_IDP_USER_LIST, idTokenFor } from '@platform/dev-idp';

const USAGE = 'usage: npm run -s admin -- idp-token --email <seeded email>';

async function idpToken(args: string[]): Promise<string> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' } }, strict: true });
  const user = DEV_IDP_USER_LIST.find((u) => u.email === values.email);
  if (!user) throw new Error(`--email must name a seeded user of the dev IdP: ${DEV_IDP_USER_LIST.map((u) => u.email).join(', ')}`);
  const clientSecret = process.env.DEV_IDP_TOOL_CLIENT_SECRET;
  if (!clientSecret) throw new Error('DEV_IDP_TOOL_CLIENT_SECRET is missing from .data/dev-secrets.env: run bash scripts/up.sh once');
  const issuer = `http://127.0.0.1:${process.env.DEV_IDP_PORT || '9400'}`;
  const client = { clientId: process.env.IDP_AUDIENCE || 'ai-webhook', clientSecret, redirectUris: ['http://127.0.0.1:9/idp-token'] };
  return idTokenFor({ issuer, client, email: user.email, password: user.password });
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command !== 'idp-token') throw new Error(USAGE);
  process.stdout.write(`${await idpToken(rest)}\n`);
}

main(process.argv.slice(2)).catch((error: Error) => {
  process.stderr.write(`admin: ${error.message}\n`);
  process.exit(2);
});
