/**
 * What an admin console does with @platform/client, against the platform of README command 1 (`bash scripts/up.sh`):
 * log in through the local edge, call a route, handle an error, upload a file, iterate a list.
 *
 *   node -r @swc-node/register libs/client/examples/console.ts
 *
 * Environment (all optional): CONSOLE_BASE_URL (the edge, http://localhost:8080), DEV_IDP_ISSUER (the development
 * identity provider, http://127.0.0.1:9400), CONSOLE_EMAIL and CONSOLE_PASSWORD (a seeded user: docs/getting-started.md,
 * "Local identities and secrets"; admin@example.com by default). libs/client/test/recruiting-client.spec.ts runs main() against the test app.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AuthSession, createRecruitingClient, isRecruitingError, recruitingItems, uploadCandidateFile } from '../src';
import { loginLanding } from './dev-login';

export interface ConsoleExampleOptions {
  baseUrl: string;
  idpIssuer: string;
  email: string;
  password: string;
  log: (line: string) => void;
}

const SAMPLE_TSV = join(__dirname, '../../../apps/recruiting-api/test/fixtures/imports/panel-export.utf16le-bom.tsv');

export async function main(options: ConsoleExampleOptions) {
  const { baseUrl, log } = options;

  // 1. Log in. A browser console sends the user to {baseUrl}/api/v1/auth/idp and reads the tokens from the address
  //    the login lands on; this script fills the development identity provider's form itself.
  const landing = await loginLanding(baseUrl, options.idpIssuer, { email: options.email, password: options.password });
  const auth = AuthSession.fromLoginRedirect(landing, { baseUrl, onSignedOut: () => log('signed out: sign in again') });
  const recruiting = createRecruitingClient({ baseUrl, auth });

  // 2. Call a route: the token goes along, and is refreshed once when it expires or is refused.
  const { data: me } = await recruiting.GET('/api/v1/auth/me');
  log(`signed in as ${me!.data.email} (${me!.data.role})`);

  // 3. Handle an error: every failure is thrown as an ApiError carrying the service's code.
  try {
    await recruiting.GET('/api/v1/projects/{projectId}', { params: { path: { projectId: 2_000_000_000 } } });
  } catch (error) {
    if (!isRecruitingError(error, 'NOT_FOUND')) throw error;
    log(`project 2000000000: ${error.status} ${error.code} "${error.message}" (request ${error.requestId})`);
  }

  // 4. Upload a file: a tab-separated candidate export into a new project.
  const { data: project } = await recruiting.POST('/api/v1/projects', { body: { name: `Console example ${new Date().toISOString()}` } });
  const stored = await uploadCandidateFile(recruiting, project!.data.id, {
    content: new Blob([await readFile(SAMPLE_TSV)]),
    filename: 'panel-export.tsv',
  });
  log(
    `uploaded ${stored.file_info.rowCount} rows, ${stored.columns.length} columns into project ${project!.data.id} (file ${stored.file_id})`,
  );

  // 5. Iterate a list: every page of the users, 20 at a time.
  let users = 0;
  for await (const user of recruitingItems((page) => recruiting.GET('/api/v1/users', { params: { query: { page, limit: 20 } } }))) {
    if (users++ < 3) log(`user ${user.id}: ${user.email} (${user.role})`);
  }
  log(`${users} users in all`);
  return { email: me!.data.email, projectId: project!.data.id, fileId: stored.file_id, users };
}

if (require.main === module) {
  main({
    baseUrl: process.env.CONSOLE_BASE_URL ?? 'http://localhost:8080',
    idpIssuer: process.env.DEV_IDP_ISSUER ?? 'http://127.0.0.1:9400',
    email: process.env.CONSOLE_EMAIL ?? 'admin@example.com',
    password: process.env.CONSOLE_PASSWORD ?? 'admin-password',
    log: (line) => console.log(line),
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
