import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches, stubIn } from '@platform/testing/harness';
import request from 'supertest';
import { ACTOR, BUILDER_CALLERS, CONTROLLER_IMPORT_KEY, startBuilderControllers } from '../../test/support/controller-app';
import { ImportsController } from './imports.controller';
import { ImportsService } from './imports.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startBuilderControllers([ImportsController], [ImportsService]);
});
afterAll(() => app?.close());

const base = '/api/imports/survey-platform';
const EXTERNAL = '6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';
const bundle = { origin: 'survey-platform', surveys: [{ surveyId: 12, survey: { name: 'Lunch' }, questionnaire: null }] };

// Import routes also take the import API key (x-api-key) instead of the identity headers; a wrong key is refused.
describeRouteAccess(
  {
    app: () => app,
    ...BUILDER_CALLERS,
    unauthenticated: { ...BUILDER_CALLERS.unauthenticated, 'a wrong import key': { 'x-api-key': 'not-the-key' } },
    stubs: [ImportsService],
  },
  {
    'POST /api/imports/survey-platform/bundle': {
      method: 'post',
      request: { path: `${base}/bundle`, body: bundle },
      status: 200,
      service: reaches(ImportsService, 'importBundle', [ACTOR, bundle]),
      malformed: [
        { name: 'a body that is not an object', body: [1, 2] },
        { name: 'no surveys', body: { origin: 'survey-platform', surveys: [] } },
      ],
    },
    'GET /api/imports/survey-platform/existing-ids': {
      method: 'get',
      request: { path: `${base}/existing-ids`, query: { source: 'survey-platform' } },
      status: 200,
      service: reaches(ImportsService, 'existingIds', ['survey-platform'], []),
      malformed: [{ name: 'an empty source', query: { source: '' } }],
    },
    'GET /api/imports/survey-platform/section-previews': {
      method: 'get',
      request: { path: `${base}/section-previews` },
      status: 200,
      service: reaches(ImportsService, 'previews', [{ limit: 1000, offset: 0 }], []),
      malformed: [{ name: 'a limit above 1000', query: { limit: 1001 } }],
    },
    'GET /api/imports/survey-platform/section-previews/:externalSurveyId': {
      method: 'get',
      request: { path: `${base}/section-previews/${EXTERNAL}` },
      status: 200,
      service: reaches(ImportsService, 'preview', [EXTERNAL]),
      malformed: [{ name: 'an id that is not a UUID', path: `${base}/section-previews/12` }],
    },
  },
);

it('lets the import key in without identity headers', async () => {
  const service = stubIn(app, ImportsService);
  service.existingIds.mockReset().mockResolvedValue([]);
  await request(app.getHttpServer()).get(`${base}/existing-ids`).set({ 'x-api-key': CONTROLLER_IMPORT_KEY }).expect(200);
  expect(service.existingIds).toHaveBeenCalledWith('survey_platform');
});
