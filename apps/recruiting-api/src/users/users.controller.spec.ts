import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { RECRUITING_CALLERS, startRecruitingControllers } from '../../test/support/controller-app';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startRecruitingControllers([UsersController], [UsersService]);
});
afterAll(() => app?.close());

describeRouteAccess(
  { app: () => app, ...RECRUITING_CALLERS, stubs: [UsersService] },
  {
    'GET /api/v1/users': {
      method: 'get',
      request: { path: '/api/v1/users', query: { role: 'admin', search: 'ann' } },
      role: 'viewer',
      status: 200,
      service: reaches(UsersService, 'list', [{ page: 1, limit: 20, role: 'admin', search: 'ann' }], {
        items: [],
        page: 1,
        limit: 20,
        total: 0,
      }),
      malformed: [{ name: 'an unknown role filter', query: { role: 'owner' } }],
    },
    'PATCH /api/v1/users/:userId': {
      method: 'patch',
      request: { path: '/api/v1/users/5', body: { role: 'member' } },
      role: 'admin',
      status: 200,
      service: reaches(UsersService, 'changeRole', [5, 'member']),
      malformed: [
        { name: 'an unknown role', body: { role: 'owner' } },
        { name: 'a user id that is not a number', path: '/api/v1/users/me' },
      ],
    },
  },
);
