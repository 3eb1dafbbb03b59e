import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { workspaceRoot } from '@nx/devkit';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { DEV_IDP_USERS, startDevIdp, type DevIdp } from '../src';

const run = promisify(execFile);

describe('npm run -s admin -- idp-token', () => {
  const tool = { clientId: 'ai-webhook', clientSecret: 'admin-tool-secret', redirectUris: ['http://127.0.0.1:9/idp-token'] };
  let idp: DevIdp;
  let dir: string;
  let secrets: string;
  beforeAll(async () => {
    idp = await startDevIdp({ clients: [tool] });
    dir = mkdtempSync(join(tmpdir(), 'admin-'));
    secrets = join(dir, 'dev-secrets.env');
    writeFileSync(secrets, `DEV_IDP_TOOL_CLIENT_SECRET=${tool.clientSecret}\n`);
  });
  afterAll(async () => {
    await idp?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const admin = (...args: string[]) =>
    run('npm', ['run', '-s', 'admin', '--', ...args], {
      cwd: workspaceRoot,
      env: { ...process.env, ADMIN_SECRETS_FILE: secrets, DEV_IDP_PORT: String(idp.port) },
    });

  it("prints exactly one id token of the seeded user, valid against the dev IdP's JWKS for the ai-webhook audience", async () => {
    const { stdout } = await admin('idp-token', '--email', DEV_IDP_USERS.member.email);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const { payload } = await jwtVerify(lines[0], createRemoteJWKSet(new URL(`${idp.issuer}/jwks`)), {
      issuer: idp.issuer,
      audience: 'ai-webhook',
    });
    expect(payload.sub).toBe(DEV_IDP_USERS.member.subject);
  });

  it('refuses an email that is no seeded user, with one line and exit code 2', async () => {
    await expect(admin('idp-token', '--email', 'nobody@example.com')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^admin: --email must name a seeded user/),
    });
  });
});
