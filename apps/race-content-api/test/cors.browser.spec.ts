import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { edgeInFrontOf, type TestEdge } from '@platform/testing/deployment';
import { launchChromium } from '@platform/testing/harness';
import type { Browser } from 'playwright-core';
import { accessToken, type RaceContentKit, startRaceContentKit } from './test-app';

/**
 * The admin console on its own origin, in Chromium (issue 19): a page of a listed console origin calls the platform
 * on the edge's origin with a Bearer token (a preflighted request) and reads the answer and its x-request-id; a page
 * of an origin the edge does not list is refused by the browser itself.
 */
describe('CORS for the admin console, in a browser', () => {
  let kit: RaceContentKit;
  let edge: TestEdge;
  let browser: Browser;
  let listed: { server: Server; origin: string };
  let stranger: { server: Server; origin: string };

  /** A page server for one origin: the page fetches the edge with the token and writes what happened into #result. */
  async function pageServer(): Promise<{ server: Server; origin: string }> {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><meta charset="utf-8"><pre id="result">pending</pre>
<script>
  fetch(${JSON.stringify(`${edge.url}/v1/categories?order=asc`)}, {
    headers: { authorization: 'Bearer ${accessToken('viewer')}', 'x-request-id': 'console-call-1' },
  })
    .then(async (res) => ({ status: res.status, requestId: res.headers.get('x-request-id'), body: await res.json() }))
    .then((answer) => (document.getElementById('result').textContent = JSON.stringify(answer)))
    .catch((error) => (document.getElementById('result').textContent = 'refused: ' + error.message));
</script>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  beforeAll(async () => {
    kit = await startRaceContentKit();
    // The page servers start first, so the edge can be told the listed one's origin; pages read edge.url when served.
    listed = await pageServer();
    kit.scope.defer('the listed page server', () => new Promise((resolve) => listed.server.close(resolve)));
    stranger = await pageServer();
    kit.scope.defer('the other page server', () => new Promise((resolve) => stranger.server.close(resolve)));
    edge = kit.scope.track('the edge', await edgeInFrontOf(kit.app, 'race-content-api', { corsOrigins: [listed.origin] }));
    browser = kit.scope.track('Chromium', await launchChromium());
  });
  afterAll(() => kit?.close());

  const resultOf = async (origin: string) => {
    const page = await browser.newPage();
    try {
      await page.goto(origin);
      await page.waitForFunction('document.getElementById("result").textContent !== "pending"', undefined, { timeout: 10_000 });
      return (await page.textContent('#result')) ?? '';
    } finally {
      await page.close();
    }
  };

  it('lets a page of a listed console origin call the platform with a Bearer token and read the answer', async () => {
    const answer = JSON.parse(await resultOf(listed.origin));
    expect(answer).toEqual({
      status: 200,
      requestId: 'console-call-1',
      body: expect.objectContaining({ list: expect.any(Array), total_count: expect.any(Number) }),
    });
  });

  it('refuses, in the browser, a page of an origin that is not listed', async () => {
    expect(await resultOf(stranger.origin)).toMatch(/^refused: /);
    // The edge answered the preflight without granting the origin anything.
    const preflight = await fetch(`${edge.url}/v1/categories`, {
      method: 'OPTIONS',
      headers: { origin: stranger.origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
