import type { PlatformApp, PreparedAnswer } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { ACTOR, BUILDER_CALLERS, startBuilderControllers } from '../../test/support/controller-app';
import { VersionDiffService } from './version-diff.service';
import { VersionsController } from './versions.controller';
import { VersionsService } from './versions.service';

const SERVICES = [VersionsService, VersionDiffService];

let app: PlatformApp;
beforeAll(async () => {
  app = await startBuilderControllers([VersionsController], SERVICES);
});
afterAll(() => app?.close());

const SURVEY = '2c6f1f4e-8a4f-4f7e-9b53-2f3f7c1f0a11';
const base = `/api/surveys/${SURVEY}`;
/** What the stubbed save hands back: the answer its `present` callback prepared (an empty JSON object, sent as is). */
const PREPARED: PreparedAnswer = { statusCode: 201, bytes: Buffer.from('{}'), coding: 'identity' };
/** What the stubbed history hands back: versions produced one at a time (none here), a fresh run on every call. */
const NO_VERSIONS = { async *[Symbol.asyncIterator]() {} };

describeRouteAccess(
  { app: () => app, ...BUILDER_CALLERS, stubs: SERVICES },
  {
    'POST /api/surveys/:surveyId/save': {
      method: 'post',
      request: { path: `${base}/save` },
      status: 201,
      service: reaches(VersionsService, 'save', [ACTOR, SURVEY, expect.any(Function)], PREPARED),
      malformed: [{ name: 'a survey id that is not a UUID', path: '/api/surveys/x/save' }],
    },
    'POST /api/surveys/:surveyId/versions': {
      method: 'post',
      request: { path: `${base}/versions` },
      status: 201,
      service: reaches(VersionsService, 'save', [ACTOR, SURVEY, expect.any(Function)], PREPARED),
    },
    'GET /api/surveys/:surveyId/versions': {
      method: 'get',
      request: { path: `${base}/versions` },
      status: 200,
      service: reaches(VersionsService, 'history', [ACTOR, SURVEY], NO_VERSIONS),
    },
    'POST /api/surveys/:surveyId/versions/:versionNo/rollback': {
      method: 'post',
      request: { path: `${base}/versions/3/rollback` },
      status: 201,
      service: reaches(VersionsService, 'rollback', [ACTOR, SURVEY, '3']),
      malformed: [{ name: 'a version that is not digits', path: `${base}/versions/v3/rollback` }],
    },
    'POST /api/surveys/:surveyId/versions/:versionNo/duplicate': {
      method: 'post',
      request: { path: `${base}/versions/3/duplicate` },
      status: 201,
      service: reaches(VersionsService, 'duplicate', [ACTOR, SURVEY, '3']),
    },
    'GET /api/surveys/:surveyId/versions/:fromNo/diff/:toNo': {
      method: 'get',
      request: { path: `${base}/versions/1/diff/3` },
      status: 200,
      service: reaches(VersionDiffService, 'diff', [ACTOR, SURVEY, '1', '3']),
      malformed: [{ name: 'a to-version that is not digits', path: `${base}/versions/1/diff/last` }],
    },
  },
);
