import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { RATE_LIMIT_PROVIDERS, RECRUITING_CALLERS, startRecruitingControllers } from '../../../test/support/controller-app';
import { SchedulePageController } from './schedule-page.controller';
import { SchedulePageService } from './schedule-page.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startRecruitingControllers([SchedulePageController], [SchedulePageService], RATE_LIMIT_PROVIDERS);
});
afterAll(() => app?.close());

const page = { status: 200, state: { kind: 'error', code: 'NOT_FOUND', title: 'Not found', message: 'The link does not exist' } };

describeRouteAccess(
  { app: () => app, ...RECRUITING_CALLERS, caller: {}, stubs: [SchedulePageService] },
  {
    'GET /schedule/:token': {
      method: 'get',
      request: { path: '/schedule/tok-123', query: { submitted: 2 } },
      public: true,
      status: 200,
      service: reaches(SchedulePageService, 'page', ['tok-123', expect.objectContaining({ kind: 'success' }), 200, {}], page),
      malformed: [
        { name: 'a submitted count above 20', query: { submitted: 21 } },
        { name: 'a window that is not days', query: { from: 'soon' } },
      ],
    },
    'POST /schedule/:token': {
      method: 'post',
      request: { path: '/schedule/tok-123', body: { slot: ['a', 'b'] } },
      public: true,
      status: 303,
      service: reaches(SchedulePageService, 'submit', ['tok-123', ['a', 'b']], { redirect: '/schedule/tok-123?submitted=2' }),
    },
  },
);
