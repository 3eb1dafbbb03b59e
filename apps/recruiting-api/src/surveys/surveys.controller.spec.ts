import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { RECRUITING_CALLERS, startRecruitingControllers } from '../../test/support/controller-app';
import { SurveysController } from './surveys.controller';
import { SurveysService } from './surveys.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startRecruitingControllers([SurveysController], [SurveysService]);
});
afterAll(() => app?.close());

const base = '/api/v1/surveys';

describeRouteAccess(
  { app: () => app, ...RECRUITING_CALLERS, stubs: [SurveysService] },
  {
    'GET /api/v1/surveys': {
      method: 'get',
      request: { path: base, query: { search: 'food' } },
      role: 'viewer',
      status: 200,
      service: reaches(SurveysService, 'list', [{ search: 'food', sort: '-latestResponseAt', limit: 20, offset: 0 }]),
      malformed: [{ name: 'a negative offset', query: { offset: -1 } }],
    },
    'GET /api/v1/surveys/:surveyId': {
      method: 'get',
      request: { path: `${base}/s-1` },
      role: 'viewer',
      status: 200,
      service: reaches(SurveysService, 'detail', ['s-1']),
    },
    'GET /api/v1/surveys/:surveyId/questions': {
      method: 'get',
      request: { path: `${base}/s-1/questions`, query: { includeOptions: 'true' } },
      role: 'viewer',
      status: 200,
      service: reaches(SurveysService, 'questions', ['s-1', { limit: 50, offset: 0, includeOptions: true }]),
      malformed: [{ name: 'a limit above 200', query: { limit: 201 } }],
    },
    'GET /api/v1/surveys/:surveyId/preview': {
      method: 'get',
      request: { path: `${base}/s-1/preview` },
      role: 'viewer',
      status: 200,
      service: reaches(SurveysService, 'preview', ['s-1']),
    },
    'GET /api/v1/surveys/:surveyId/panels': {
      method: 'get',
      request: { path: `${base}/s-1/panels`, query: { isCompleted: 'false' } },
      role: 'viewer',
      status: 200,
      service: reaches(SurveysService, 'panels', ['s-1', { isCompleted: false, sort: '-completedAt', limit: 20, offset: 0 }]),
      malformed: [{ name: 'an unknown sort', query: { sort: 'age' } }],
    },
    'GET /api/v1/surveys/:surveyId/panels/:panelId': {
      method: 'get',
      request: { path: `${base}/s-1/panels/p-9`, query: { includeUnanswered: 'true' } },
      role: 'viewer',
      status: 200,
      service: reaches(SurveysService, 'panel', ['s-1', 'p-9', true]),
    },
    'GET /api/v1/surveys/:surveyId/respondents': {
      method: 'get',
      request: { path: `${base}/s-1/respondents` },
      role: 'viewer',
      status: 200,
      service: reaches(SurveysService, 'respondents', ['s-1', { limit: 100, offset: 0, onlyCompleted: false }]),
      malformed: [{ name: 'a limit above 1000', query: { limit: 1001 } }],
    },
  },
);
