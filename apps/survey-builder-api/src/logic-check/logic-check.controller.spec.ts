import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { ACTOR, BUILDER_CALLERS, startBuilderControllers } from '../../test/support/controller-app';
import { LogicCheckController } from './logic-check.controller';
import { LogicCheckService } from './logic-check.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startBuilderControllers([LogicCheckController], [LogicCheckService]);
});
afterAll(() => app?.close());

const SURVEY = '2c6f1f4e-8a4f-4f7e-9b53-2f3f7c1f0a11';

describeRouteAccess(
  { app: () => app, ...BUILDER_CALLERS, stubs: [LogicCheckService] },
  {
    'GET /api/surveys/:surveyId/logic-check': {
      method: 'get',
      request: { path: `/api/surveys/${SURVEY}/logic-check`, query: { versionNo: 2 } },
      status: 200,
      service: reaches(LogicCheckService, 'check', [ACTOR, SURVEY, 2]),
      malformed: [
        { name: 'a version 0', query: { versionNo: 0 } },
        { name: 'a survey id that is not a UUID', path: '/api/surveys/x/logic-check' },
      ],
    },
  },
);
