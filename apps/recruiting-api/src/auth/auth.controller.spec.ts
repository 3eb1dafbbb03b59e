import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { CALLER_IDS, RECRUITING_CALLERS, startRecruitingControllers } from '../../test/support/controller-app';
import { AuthController } from './auth.controller';
import { CurrentUserService } from './current-user.service';
import { TokensService } from './tokens.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startRecruitingControllers([AuthController], [TokensService, CurrentUserService]);
});
afterAll(() => app?.close());

describeRouteAccess(
  { app: () => app, ...RECRUITING_CALLERS, stubs: [TokensService, CurrentUserService] },
  {
    'POST /api/v1/auth/refresh': {
      method: 'post',
      request: { path: '/api/v1/auth/refresh', body: { refreshToken: 'r'.repeat(40) } },
      public: true,
      status: 200,
      service: reaches(TokensService, 'refresh', ['r'.repeat(40)]),
      malformed: [{ name: 'no refresh token', body: {} }],
    },
    'POST /api/v1/auth/logout': {
      method: 'post',
      request: { path: '/api/v1/auth/logout' },
      role: 'viewer',
      status: 200,
      service: reaches(TokensService, 'logout', [CALLER_IDS.viewer]),
      expectBody: (body) => expect(body).toMatchObject({ success: true, data: { message: 'Logged out' } }),
    },
    'GET /api/v1/auth/me': {
      method: 'get',
      request: { path: '/api/v1/auth/me' },
      role: 'viewer',
      status: 200,
      service: reaches(CurrentUserService, 'get', [CALLER_IDS.viewer]),
    },
  },
);
