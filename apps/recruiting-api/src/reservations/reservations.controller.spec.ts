import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { CALLER_ID, RECRUITING_CALLERS, startRecruitingControllers } from '../../test/support/controller-app';
import { ConfirmScheduleController, ReservationsController } from './reservations.controller';
import { ReservationsService } from './reservations.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startRecruitingControllers([ReservationsController, ConfirmScheduleController], [ReservationsService]);
});
afterAll(() => app?.close());

const base = '/api/v1/projects/3/reservations';

describeRouteAccess(
  { app: () => app, ...RECRUITING_CALLERS, stubs: [ReservationsService] },
  {
    'GET /api/v1/projects/:projectId/reservations': {
      method: 'get',
      request: { path: base, query: { status: 'confirmed', startDate: '2030-01-07' } },
      role: 'viewer',
      status: 200,
      service: reaches(ReservationsService, 'list', [3, { page: 1, limit: 20, status: 'confirmed', startDate: '2030-01-07' }], {
        items: [],
        page: 1,
        limit: 20,
        total: 0,
      }),
      malformed: [
        { name: 'a start date that is not a day', query: { startDate: '7 Jan' } },
        { name: 'an unknown sort', query: { sort: 'name' } },
      ],
    },
    'GET /api/v1/projects/:projectId/reservations/:reservationId': {
      method: 'get',
      request: { path: `${base}/8` },
      role: 'viewer',
      status: 200,
      service: reaches(ReservationsService, 'get', [3, 8]),
      malformed: [{ name: 'an id that is not a number', path: `${base}/eight` }],
    },
    'PATCH /api/v1/projects/:projectId/reservations/:reservationId/cancel': {
      method: 'patch',
      request: { path: `${base}/8/cancel` },
      role: 'member',
      status: 200,
      service: reaches(ReservationsService, 'cancel', [3, 8, CALLER_ID]),
    },
    'POST /api/v1/projects/:projectId/candidates/:candidateId/confirm-schedule': {
      method: 'post',
      request: { path: '/api/v1/projects/3/candidates/4/confirm-schedule', body: { availableDateId: 11, interviewType: 'offline' } },
      role: 'member',
      status: 201,
      service: reaches(ReservationsService, 'confirm', [3, 4, { availableDateId: 11, interviewType: 'offline' }, CALLER_ID]),
      malformed: [
        { name: 'no available date', body: { interviewType: 'offline' } },
        { name: 'a meeting URL that is not http(s)', body: { availableDateId: 11, meetingUrl: 'ftp://x' } },
      ],
    },
  },
);
