import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing';
import { RECRUITING_CALLERS, startRecruitingControllers } from '../../test/support/controller-app';
import { LoginController } from './login.controller';
import { LoginService } from './login.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startRecruitingControllers([LoginController], [LoginService]);
});
afterAll(() => app?.close());

// Both routes are public: the identity provider's redirect carries no bearer token.
describeRouteAccess(
  { app: () => app, ...RECRUITING_CALLERS, caller: {}, stubs: [LoginService] },
  {
    'GET /api/v1/auth/idp': {
      method: 'get',
      request: { path: '/api/v1/auth/idp' },
      public: true,
      status: 302,
      service: reaches(LoginService, 'start', [], 'https://idp.example/authorize?state=s'),
      expectBody: () => undefined,
    },
    'GET /api/v1/auth/idp/callback': {
      method: 'get',
      request: { path: '/api/v1/auth/idp/callback', query: { code: 'c0de', state: 's' } },
      public: true,
      status: 302,
      service: reaches(LoginService, 'finish', [{ code: 'c0de', state: 's' }, 'code=c0de&state=s'], 'http://front.example/login?token=t'),
    },
  },
);
