import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startEdge, type TestEdge } from '@platform/testing/deployment';
import { launchChromium, workspaceRoot } from '@platform/testing/harness';
import type { Browser } from 'playwright-core';

const run = promisify(execFile);

interface ApiDocument {
  info: { title: string };
  paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
}

const documents: Record<string, ApiDocument> = Object.fromEntries(
  readdirSync(join(workspaceRoot, 'docs/openapi'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.slice(0, -'.json'.length), JSON.parse(readFileSync(join(workspaceRoot, 'docs/openapi', file), 'utf8'))]),
);

/**
 * `npm run docs:reference` renders the four documents with Redoc, and the edge serves them at /docs: a browser opens
 * the index through the edge, follows each service's page, and finds every tag and the operations of the service,
 * with nothing fetched from another origin and no error in the console.
 */
describe('the API reference at /docs through the edge', () => {
  let out: string;
  let edge: TestEdge;
  let browser: Browser;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'reference-'));
    await run(process.execPath, ['-r', '@swc-node/register', join(workspaceRoot, 'scripts/reference.ts'), out], {
      cwd: workspaceRoot,
      timeout: 120_000,
    });
    edge = await startEdge({ upstreams: {}, https: true, referenceDir: out });
    browser = await launchChromium();
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await edge?.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('redirects /docs to the index, which links every service', async () => {
    const redirect = await fetch(`${edge.url}/docs`, { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/docs/');
    const page = await browser.newPage();
    await page.goto(`${edge.url}/docs`);
    expect(new URL(page.url()).pathname).toBe('/docs/');
    const links = await page.locator('h2 a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links.sort()).toEqual(
      Object.keys(documents)
        .map((app) => `${app}.html`)
        .sort(),
    );
    const served = await fetch(`${edge.url}/docs/openapi/recruiting-api.json`);
    expect(await served.json()).toEqual(documents['recruiting-api']);
    await page.close();
  });

  it.each(Object.keys(documents))(
    'renders %s with every tag and its operations, offline and without console errors',
    async (app) => {
      const doc = documents[app];
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
      page.on('pageerror', (error) => problems.push(error.message));
      // Nothing but the edge: a page that reached for a CDN (or anything else) would fail here.
      const origin = new URL(edge.httpsUrl!).origin;
      await page.route('**/*', (route) => (new URL(route.request().url()).origin === origin ? route.continue() : route.abort()));
      page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
      await page.goto(`${edge.httpsUrl}/docs/${app}.html`, { waitUntil: 'networkidle' });
      await page.waitForFunction(`document.body.innerText.includes(${JSON.stringify(doc.info.title)})`, undefined, { timeout: 20_000 });
      const text = (await page.evaluate('document.body.innerText')) as string;

      expect(text).toContain(doc.info.title);
      const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
      const tags = [...new Set(operations.flatMap((operation) => operation.tags ?? []))];
      expect(tags.length).toBeGreaterThan(0);
      expect(tags.filter((tag) => !text.includes(tag))).toEqual([]);
      const summaries = operations.map((operation) => operation.summary!).filter(Boolean);
      expect(summaries.filter((summary) => !text.includes(summary))).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
