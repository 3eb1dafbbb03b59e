import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { RECRUITING_CALLERS, startRecruitingControllers } from '../../test/support/controller-app';
import { ProjectsController } from './projects.controller';
import { ProjectsService } from './projects.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startRecruitingControllers([ProjectsController], [ProjectsService]);
});
afterAll(() => app?.close());

describeRouteAccess(
  { app: () => app, ...RECRUITING_CALLERS, stubs: [ProjectsService] },
  {
    'GET /api/v1/projects': {
      method: 'get',
      request: { path: '/api/v1/projects', query: { page: 2 } },
      role: 'viewer',
      status: 200,
      service: reaches(ProjectsService, 'list', [{ page: 2, limit: 20 }], { items: [], page: 2, limit: 20, total: 0 }),
      malformed: [{ name: 'a limit above 100', query: { limit: 101 } }],
    },
    'POST /api/v1/projects': {
      method: 'post',
      request: { path: '/api/v1/projects', body: { name: 'Study' } },
      role: 'member',
      status: 201,
      service: reaches(ProjectsService, 'create', [{ name: 'Study' }]),
      malformed: [
        { name: 'no name', body: {} },
        { name: 'an interview of 1 minute', body: { name: 'Study', interviewDurationMinutes: 1 } },
      ],
    },
    'GET /api/v1/projects/:projectId': {
      method: 'get',
      request: { path: '/api/v1/projects/3' },
      role: 'viewer',
      status: 200,
      service: reaches(ProjectsService, 'get', [3]),
      malformed: [{ name: 'an id that is not a number', path: '/api/v1/projects/x' }],
    },
    'PATCH /api/v1/projects/:projectId': {
      method: 'patch',
      request: { path: '/api/v1/projects/3', body: { name: 'Renamed' } },
      role: 'member',
      status: 200,
      service: reaches(ProjectsService, 'update', [3, { name: 'Renamed' }]),
      malformed: [{ name: 'an empty name', body: { name: '' } }],
    },
    'DELETE /api/v1/projects/:projectId': {
      method: 'delete',
      request: { path: '/api/v1/projects/3' },
      role: 'admin',
      status: 204,
      service: reaches(ProjectsService, 'delete', [3]),
      malformed: [{ name: 'id 0', path: '/api/v1/projects/0' }],
    },
  },
);
