import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { JwtService } from '@nestjs/jwt';
import { edgeInFrontOf, type TestEdge } from '@platform/testing/deployment';
import { launchChromium, waitFor, workspaceRoot } from '@platform/testing/harness';
import type { Browser } from 'playwright-core';
import { TokensService } from '../../../apps/recruiting-api/src/auth/tokens.service';
import { type RecruitingTestApp, startRecruiting, TEST_JWT_SECRET } from '../../../apps/recruiting-api/test/recruiting-test-app';
import { insertCandidates, insertProject } from '../../../apps/recruiting-api/test/support/scheduling-fixtures';

const run = promisify(execFile);
const npm = (args: string[], cwd: string, env: Record<string, string> = {}) =>
  run('npm', args, { cwd, env: { ...process.env, ...env }, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });

/** Serves a built single-page app: a file of `dist` when there is one, else its index.html (the console's own origin). */
function serveStatic(dist: string): Promise<Server> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dist, path);
    const chosen = file.startsWith(dist) && existsSync(file) && statSync(file).isFile() ? file : join(dist, 'index.html');
    res.writeHead(200, { 'content-type': types[extname(chosen)] ?? 'application/octet-stream' }).end(readFileSync(chosen));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * The console team's path, as they would walk it: a fresh Vite + TypeScript project outside this repository (strict,
 * erasableSyntaxOnly, moduleResolution bundler, the declarations type-checked) installs the packed client tarball,
 * builds libs/client/examples/vite-console, and runs in Chromium on its own origin against recruiting-api behind the
 * HTTPS edge with CORS: it takes the login hand-off out of the address, lists candidates with an expired access token
 * (one refresh for three concurrent calls) and shows an ApiError's code.
 */
describe('a Vite console built on the packed @platform/client', () => {
  let t: RecruitingTestApp;
  let edge: TestEdge;
  let site: Server;
  let consoleOrigin: string;
  let browser: Browser;
  let work: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'console-consumer-'));
    const app = join(work, 'app');
    cpSync(join(workspaceRoot, 'libs/client/examples/vite-console'), app, {
      recursive: true,
      filter: (src) => !/node_modules|dist/.test(src),
    });
    const packed = await npm(['pack', '--silent', '--pack-destination', work], join(workspaceRoot, 'libs/client'));
    const tarball = packed.stdout.trim().split('\n').pop()!;
    cpSync(join(work, tarball), join(work, 'platform-client.tgz'));
    // Vite and TypeScript come from the npm cache this repository's install filled (or the registry).
    await npm(['install', '--prefer-offline', '--no-audit', '--no-fund'], app);
    await run(join(app, 'node_modules/.bin/tsc'), ['-p', app], { cwd: app });

    site = await serveStatic(join(app, 'dist'));
    consoleOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    t = await startRecruiting('client_vite_consumer', { FRONTEND_URL: consoleOrigin });
    edge = t.scope.track('the edge', await edgeInFrontOf(t.app, 'recruiting-api', { https: true, corsOrigins: [consoleOrigin] }));
    await run(join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
      cwd: app,
      env: { ...process.env, VITE_PLATFORM_API: edge.httpsUrl! },
    });
    browser = await launchChromium();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await new Promise((resolve) => site?.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  it('signs in from the hand-off, refreshes once for concurrent calls, lists candidates and shows an error code', async () => {
    const adminId = await t.insertUser('console@example.com', 'Console Admin', 'admin');
    const projectId = await insertProject(t, 'Spring hiring');
    await insertCandidates(t, projectId, [
      { name: 'Yamada Taro', email: 'taro@example.com' },
      { name: 'Tanaka Yui', email: 'yui@example.com', status: 'scheduling' },
    ]);
    const { refreshToken } = await t.app
      .get(TokensService)
      .startSession({ id: adminId, email: 'console@example.com', name: 'Console Admin', role: 'admin', emailVerified: true }, 0);
    const expired = new JwtService().sign(
      { sub: String(adminId), role: 'admin', type: 'access', exp: Math.floor(Date.now() / 1000) - 60 },
      { secret: TEST_JWT_SECRET },
    );

    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await page.goto(`${consoleOrigin}/login?project=${projectId}&token=${expired}#refreshToken=${refreshToken}`);
    await waitFor(async () => ((await page.textContent('#status')) === 'starting' ? undefined : true), {
      timeoutMs: 20_000,
      what: 'the console page to finish',
    });

    expect(await page.textContent('#status')).toBe('done');
    expect(await page.textContent('#me')).toBe('Console Admin <console@example.com>');
    expect(await page.locator('#candidates li').allTextContents()).toEqual(['Yamada Taro (pending)', 'Tanaka Yui (scheduling)']);
    expect(await page.textContent('#refreshes')).toBe('1');
    expect(await page.textContent('#error')).toBe('404 NOT_FOUND');
    // The tokens left the address bar and the history entry: what remains is the address without them.
    expect(await page.textContent('#address')).toBe(`${consoleOrigin}/login?project=${projectId}`);
    expect(page.url()).toBe(`${consoleOrigin}/login?project=${projectId}`);
    // Chromium reports every 4xx fetch in the console: the one deliberate 404, and nothing else (no CORS refusal).
    expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 404 ()']);

    // Through the edge, cross-origin: preflights answered, and one refresh for the three calls that found the token expired.
    const log = await edge.accessLogWhen((lines) => lines.some((line) => JSON.stringify(line).includes('/api/v1/projects/2147483647')));
    const uris = log.map((line) => (line.request as { method: string; uri: string }) ?? { method: '', uri: '' });
    expect(uris.filter((r) => r.method === 'POST' && r.uri === '/api/v1/auth/refresh')).toHaveLength(1);
    expect(uris.some((r) => r.method === 'OPTIONS')).toBe(true);
    // The entry with the tokens was replaced, not pushed: one step back is the page the tab opened on.
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    await context.close();
  }, 60_000);
});
