import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { RECRUITING_CALLERS, startRecruitingControllers } from '../../test/support/controller-app';
import { AvailabilityController } from './availability.controller';
import { AvailabilityService } from './availability.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startRecruitingControllers([AvailabilityController], [AvailabilityService]);
});
afterAll(() => app?.close());

const base = '/api/v1/projects/3/interviewer-availability';
const window = { interviewerId: 2, startAt: '2030-01-07T09:00:00Z', endAt: '2030-01-07T12:00:00+09:00' };

describeRouteAccess(
  { app: () => app, ...RECRUITING_CALLERS, stubs: [AvailabilityService] },
  {
    'POST /api/v1/projects/:projectId/interviewer-availability': {
      method: 'post',
      request: { path: base, body: window },
      role: 'member',
      status: 201,
      service: reaches(AvailabilityService, 'create', [3, window]),
      malformed: [
        { name: 'a start without an offset', body: { ...window, startAt: '2030-01-07T09:00:00' } },
        { name: 'no interviewer', body: { startAt: window.startAt, endAt: window.endAt } },
      ],
    },
    'GET /api/v1/projects/:projectId/interviewer-availability': {
      method: 'get',
      request: { path: base, query: { interviewerId: 2 } },
      role: 'viewer',
      status: 200,
      service: reaches(AvailabilityService, 'list', [3, { page: 1, limit: 20, interviewerId: 2 }], {
        items: [],
        page: 1,
        limit: 20,
        total: 0,
      }),
      malformed: [{ name: 'a from that is not a date-time', query: { from: 'tomorrow' } }],
    },
    'DELETE /api/v1/projects/:projectId/interviewer-availability/:availabilityId': {
      method: 'delete',
      request: { path: `${base}/9` },
      role: 'member',
      status: 204,
      service: reaches(AvailabilityService, 'delete', [3, 9]),
      malformed: [{ name: 'an id that is not a number', path: `${base}/nine` }],
    },
  },
);
