import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { ACTOR, BUILDER_CALLERS, startBuilderControllers } from '../../test/support/controller-app';
import { PermissionsController } from './permissions.controller';
import { PermissionsService } from './permissions.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startBuilderControllers([PermissionsController], [PermissionsService]);
});
afterAll(() => app?.close());

const SURVEY = '2c6f1f4e-8a4f-4f7e-9b53-2f3f7c1f0a11';
const entry = { userId: '7d2b1c3e-1f4a-4b6c-8d9e-0a1b2c3d4e5f', userName: 'Bob', roleType: 'edit' };

describeRouteAccess(
  { app: () => app, ...BUILDER_CALLERS, stubs: [PermissionsService] },
  {
    'GET /api/surveys/:surveyId/permissions': {
      method: 'get',
      request: { path: `/api/surveys/${SURVEY}/permissions` },
      status: 200,
      service: reaches(PermissionsService, 'list', [ACTOR, SURVEY], []),
      malformed: [{ name: 'a survey id that is not a UUID', path: '/api/surveys/not-a-uuid/permissions' }],
    },
    'PUT /api/surveys/:surveyId/permissions': {
      method: 'put',
      request: { path: `/api/surveys/${SURVEY}/permissions`, body: { permissions: [entry] } },
      status: 200,
      service: reaches(PermissionsService, 'replace', [ACTOR, SURVEY, { permissions: [entry] }], []),
      malformed: [
        { name: 'an unknown role type', body: { permissions: [{ ...entry, roleType: 'own' }] } },
        { name: 'no permissions list', body: {} },
      ],
    },
  },
);
