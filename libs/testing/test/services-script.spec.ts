import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { workspaceRoot } from '../src/harness';

const run = promisify(execFile);

describe('scripts/services.sh', () => {
  it('is idempotent and takes under 5 seconds when every service already answers', async () => {
    const started = Date.now();
    const { stderr } = await run('bash', [join(workspaceRoot, 'scripts/services.sh')], {
      cwd: workspaceRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    const elapsedMs = Date.now() - started;
    // One object, so a failure shows the script's own words beside the time it took.
    expect({ fast: elapsedMs < 5000, elapsedMs, stderr }).toMatchObject({
      fast: true,
      stderr: expect.stringContaining('all services answer'),
    });
    expect(stderr).not.toMatch(/starting|building/);
    const written = readFileSync(join(workspaceRoot, '.data/services.env'), 'utf8');
    for (const variable of [
      'DATABASE_URL',
      'MONGODB_URI',
      'AMQP_URL',
      'REDIS_URL',
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'FERRETDB_BIN',
      'SMTP_URL',
      'MAILPIT_URL',
    ]) {
      expect(written).toMatch(new RegExp(`^${variable}=.+$`, 'm'));
    }
  });

  it("runs Mailpit, the mail catcher: its API and the web page's script answer on the address it wrote", async () => {
    const written = readFileSync(join(workspaceRoot, '.data/services.env'), 'utf8');
    const url = /^MAILPIT_URL=(.+)$/m.exec(written)![1];
    const info = (await (await fetch(`${url}/api/v1/info`)).json()) as { Version: string };
    expect(info.Version).toBe('v1.33.1');
    const page = await (await fetch(url)).text();
    const script = /src="(\/dist\/app\.js[^"]*)"/.exec(page)![1];
    const res = await fetch(`${url}${script}`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
