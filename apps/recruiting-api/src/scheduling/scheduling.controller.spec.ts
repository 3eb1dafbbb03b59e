import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { RATE_LIMIT_PROVIDERS, RECRUITING_CALLERS, startRecruitingControllers } from '../../test/support/controller-app';
import { SchedulingController } from './scheduling.controller';
import { SchedulingService } from './scheduling.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startRecruitingControllers([SchedulingController], [SchedulingService], RATE_LIMIT_PROVIDERS);
});
afterAll(() => app?.close());

const base = '/api/v1/scheduling/tok-123';
const slot = { slotId: 'slot-1', interviewerId: 2, startAt: '2030-01-07T09:00:00Z', endAt: '2030-01-07T10:00:00Z' };

// The token is the only credential: no bearer token is asked for, and none is needed.
describeRouteAccess(
  { app: () => app, ...RECRUITING_CALLERS, caller: {}, stubs: [SchedulingService] },
  {
    'GET /api/v1/scheduling/:token': {
      method: 'get',
      request: { path: base },
      public: true,
      status: 200,
      service: reaches(SchedulingService, 'info', ['tok-123']),
      malformed: [{ name: 'a token longer than 128 characters', path: `/api/v1/scheduling/${'t'.repeat(129)}` }],
    },
    'GET /api/v1/scheduling/:token/slots': {
      method: 'get',
      request: { path: `${base}/slots` },
      public: true,
      status: 200,
      service: reaches(SchedulingService, 'slotsInWindow', ['tok-123', {}], []),
      expectBody: (body) => expect(body).toEqual({ data: [] }),
      malformed: [
        { name: 'a from that is not a date', query: { from: '7 Jan' } },
        { name: 'a to with a time', query: { to: '2030-01-07T00:00' } },
      ],
    },
    'POST /api/v1/scheduling/:token/submit-availability': {
      method: 'post',
      request: { path: `${base}/submit-availability`, body: { slots: [slot] } },
      public: true,
      status: 200,
      service: reaches(SchedulingService, 'submit', ['tok-123', { slots: [slot] }]),
      malformed: [
        { name: 'no slots', body: { slots: [] } },
        { name: 'a slot without an offset', body: { slots: [{ ...slot, startAt: '2030-01-07T09:00:00' }] } },
      ],
    },
  },
);
