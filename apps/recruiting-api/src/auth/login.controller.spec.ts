import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches, stubIn } from '@platform/testing/harness';
import request from 'supertest';
import { RECRUITING_CALLERS, startRecruitingControllers } from '../../test/support/controller-app';
import { LoginController } from './login.controller';
import { LOGIN_CONFIG, LoginService } from './login.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startRecruitingControllers(
    [LoginController],
    [LoginService],
    [{ provide: LOGIN_CONFIG, useValue: { frontendUrl: 'http://front.example', adminEmails: [], oidc: undefined } }],
  );
});
afterAll(() => app?.close());

const BROWSER_KEY = 'k'.repeat(43);

// Both routes are public: the identity provider's redirect carries no bearer token.
describeRouteAccess(
  { app: () => app, ...RECRUITING_CALLERS, caller: {}, stubs: [LoginService] },
  {
    'GET /api/v1/auth/idp': {
      method: 'get',
      request: { path: '/api/v1/auth/idp' },
      public: true,
      status: 302,
      service: reaches(LoginService, 'start', [], { url: 'https://idp.example/authorize?state=s', browserKey: BROWSER_KEY }),
      expectBody: () => undefined,
    },
    'GET /api/v1/auth/idp/callback': {
      method: 'get',
      request: {
        path: '/api/v1/auth/idp/callback',
        query: { code: 'c0de', state: 's' },
        headers: { cookie: `recruiting_login=${BROWSER_KEY}` },
      },
      public: true,
      status: 302,
      service: reaches(
        LoginService,
        'finish',
        [{ code: 'c0de', state: 's' }, 'code=c0de&state=s', BROWSER_KEY],
        'http://front.example/login?token=t',
      ),
    },
  },
);

describe('the login cookie', () => {
  const http = () => request(app.getHttpServer());

  it('is set by the start: HttpOnly, SameSite=Lax, on the callback path only, for the ten minutes a login may take', async () => {
    stubIn(app, LoginService).start.mockResolvedValueOnce({ url: 'https://idp.example/authorize', browserKey: BROWSER_KEY });
    const res = await http().get('/api/v1/auth/idp');
    expect(res.status).toBe(302);
    expect(res.headers['set-cookie']).toEqual([
      `recruiting_login=${BROWSER_KEY}; Max-Age=600; Path=/api/v1/auth/idp/callback; HttpOnly; SameSite=Lax`,
    ]);
  });

  it('is cleared by the callback, whatever its outcome', async () => {
    const stub = stubIn(app, LoginService);
    stub.finish.mockResolvedValueOnce('http://front.example/login?error=auth_failed');
    const res = await http().get('/api/v1/auth/idp/callback?code=c&state=s');
    expect(res.headers.location).toBe('http://front.example/login?error=auth_failed');
    expect(res.headers['set-cookie']).toEqual(['recruiting_login=; Max-Age=0; Path=/api/v1/auth/idp/callback; HttpOnly; SameSite=Lax']);
    expect(stub.finish).toHaveBeenLastCalledWith({ code: 'c', state: 's' }, 'code=c&state=s', undefined);
  });
});
