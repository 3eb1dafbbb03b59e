import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEV_IDP_USERS, type DevIdp, signInOverHttp, startDevIdp } from '@platform/dev-idp';
import { freePort, launchChromium } from '@platform/testing/harness';
import type { Browser } from 'playwright-core';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';

/** The login as a person does it: a real browser follows the redirects and fills the provider's form. */
describe('login in a browser', () => {
  let idp: DevIdp;
  let t: RecruitingTestApp;
  let frontend: Server;
  let browser: Browser;
  let appUrl: string;

  beforeAll(async () => {
    // A stand-in for the admin console's login page: it only has to answer.
    frontend = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>console</title>'));
    await new Promise<void>((resolve) => frontend.listen(0, '127.0.0.1', resolve));
    const frontendUrl = `http://127.0.0.1:${(frontend.address() as AddressInfo).port}`;
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    const client = {
      clientId: 'recruiting-api',
      clientSecret: 'browser-spec-secret',
      redirectUris: [`${appUrl}/api/v1/auth/idp/callback`],
    };
    idp = await startDevIdp({ clients: [client] });
    t = await startRecruiting('recruiting_login_browser', {
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_SECRET: client.clientSecret,
      OIDC_REDIRECT_URL: client.redirectUris[0],
      FRONTEND_URL: frontendUrl,
    });
    await t.app.listen(port, '127.0.0.1');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await idp?.stop();
    await new Promise((resolve) => frontend?.close(resolve));
  });

  it('signs in through the sign-in form and lands on the console with an access token that works', async () => {
    const page = await browser.newPage();
    await page.goto(`${appUrl}/api/v1/auth/idp`);
    await page.fill('input[name=email]', DEV_IDP_USERS.member.email);
    await page.fill('input[name=password]', DEV_IDP_USERS.member.password);
    await Promise.all([page.waitForURL(/\/login\?token=/, { timeout: 15_000 }), page.click('button[type=submit], input[type=submit]')]);
    const landed = new URL(page.url());
    const token = landed.searchParams.get('token');
    expect(new URLSearchParams(landed.hash.slice(1)).get('refreshToken')).toBeTruthy();
    const me = await t.http().get('/api/v1/auth/me').set('authorization', `Bearer ${token}`).expect(200);
    expect(me.body.data).toMatchObject({ email: 'member@example.com', role: 'member' });
    await page.close();
  });

  it('fails a callback opened in another browser: a login forged by someone else signs the victim in as no one', async () => {
    // Someone signs in (as themselves) up to the provider's redirect back, and has another browser open that address.
    const forged = await signInOverHttp({ startUrl: `${appUrl}/api/v1/auth/idp`, issuer: idp.issuer, ...DEV_IDP_USERS.member });
    expect(forged.appCookies).toEqual([expect.stringMatching(/^recruiting_login=/)]);
    const page = await browser.newPage();
    await page.goto(forged.redirectedTo);
    await page.waitForURL(/\/login\?error=auth_failed$/, { timeout: 15_000 });
    expect(await page.context().cookies(appUrl)).toEqual([]);
    await page.close();
  });

  it('shows the sign-in form again for a wrong password, and lands nowhere', async () => {
    const page = await browser.newPage();
    await page.goto(`${appUrl}/api/v1/auth/idp`);
    await page.fill('input[name=email]', DEV_IDP_USERS.member.email);
    await page.fill('input[name=password]', 'not-the-password');
    await page.click('button[type=submit], input[type=submit]');
    await page.waitForSelector('[role=alert]');
    expect(new URL(page.url()).origin).toBe(idp.issuer);
    await page.close();
  });
});
