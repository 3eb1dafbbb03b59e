import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { BuilderEnvelopeInterceptor, httpConventions } from '@platform/contracts';
import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, httpClient, reaches, startTestApp } from '@platform/testing/harness';
import { ACTOR, BUILDER_CALLERS, startBuilderControllers } from '../../test/support/controller-app';
import { BuilderExceptionFilter } from '../builder.errors';
import { SURVEY_BUILDER_HTTP } from '../http-surface';
import { BUILDER_CREDENTIAL_CHECKS, IDENTITY_OPTIONS, IdentityGuard } from '../identity/identity.guard';
import { UsersService } from '../identity/users.service';
import { RenumberService } from './renumber.service';
import { SurveyExportService } from './survey-export.service';
import { SurveysController } from './surveys.controller';
import { SurveysService } from './surveys.service';

/**
 * The controller with the real pipe, identity guard, filter and envelope, and no database: the services
 * behind it are stand-ins, so the 400 and 401 answers are checked without PostgreSQL.
 */
describe('SurveysController (no database)', () => {
  let app: PlatformApp;
  const calls: unknown[][] = [];
  const surveys = {
    list: (...args: unknown[]) => (calls.push(['list', ...args]), []),
    update: (...args: unknown[]) => (calls.push(['update', ...args]), {}),
  };

  @Module({
    controllers: [SurveysController],
    providers: [
      { provide: IDENTITY_OPTIONS, useValue: { adminEmails: [], importApiKey: undefined } },
      { provide: APP_GUARD, useClass: IdentityGuard },
      BUILDER_CREDENTIAL_CHECKS,
      { provide: UsersService, useValue: { resolve: async (email: string, name: string) => ({ id: 'user-1', email, name }) } },
      { provide: SurveysService, useValue: surveys },
      { provide: SurveyExportService, useValue: {} },
      { provide: RenumberService, useValue: {} },
      ...httpConventions({ filter: BuilderExceptionFilter, envelope: BuilderEnvelopeInterceptor }),
    ],
  })
  class TestModule {}

  beforeAll(async () => {
    app = await startTestApp({ module: TestModule }, SURVEY_BUILDER_HTTP, { checkDocument: false });
  });
  afterAll(() => app.close());

  const alice = () => httpClient(app, { 'x-user-email': 'alice@example.com', 'x-user-name': 'Alice' });

  it('answers 401 in the builder error body without both identity headers', async () => {
    const callers: Array<Record<string, string>> = [
      {},
      { 'x-user-email': 'alice@example.com' },
      { 'x-user-email': 'not-an-email', 'x-user-name': 'A' },
    ];
    for (const headers of callers) {
      const res = await httpClient(app, headers).get('/api/surveys').expect(401);
      expect(res.body).toEqual({
        ok: false,
        error: { code: 'UNAUTHENTICATED', message: expect.any(String), requestId: expect.any(String) },
      });
    }
    expect(calls).toEqual([]);
  });

  it('answers 400 naming each bad field before any service runs', async () => {
    const res = await alice().get('/api/surveys?limit=0&sort=newest&includeArchived=maybe').expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['includeArchived', 'limit', 'sort']);
    const patch = await alice().patch('/api/surveys/2c6f1f4e-8a4f-4f7e-9b53-2f3f7c1f0a11', { title: null, extra: 1 }).expect(400);
    expect(patch.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['extra', 'title']);
    expect((await alice().get('/api/surveys/not-a-uuid').expect(400)).body.error.details).toEqual([
      { field: 'surveyId', message: 'surveyId must be a UUID' },
    ]);
    expect(calls).toEqual([]);
  });

  it('hands a valid request to the service with the typed query and the lower-cased id', async () => {
    await alice().get('/api/surveys?limit=5&includeArchived=true').expect(200, { ok: true, data: [] });
    await alice().patch('/api/surveys/2C6F1F4E-8A4F-4F7E-9B53-2F3F7C1F0A11', { title: '新しい題' }).expect(200);
    expect(calls[0]).toEqual([
      'list',
      expect.objectContaining({ id: 'user-1' }),
      expect.objectContaining({ limit: 5, offset: 0, includeArchived: true, sort: 'updatedAtDesc' }),
    ]);
    expect(calls[1]).toEqual([
      'update',
      expect.anything(),
      '2c6f1f4e-8a4f-4f7e-9b53-2f3f7c1f0a11',
      expect.objectContaining({ title: '新しい題' }),
    ]);
  });
});

describe('SurveysController routes (shared controller-spec helper)', () => {
  const SERVICES = [SurveysService, SurveyExportService, RenumberService];
  let app: PlatformApp;
  beforeAll(async () => {
    app = await startBuilderControllers([SurveysController], SERVICES);
  });
  afterAll(() => app?.close());

  const SURVEY = '2c6f1f4e-8a4f-4f7e-9b53-2f3f7c1f0a11';
  const base = `/api/surveys/${SURVEY}`;
  const survey = { title: 'Lunch', clientName: 'Acme', objective: 'awareness', deliveryArea: 'Tokyo', category: 'food' };

  describeRouteAccess(
    { app: () => app, ...BUILDER_CALLERS, stubs: SERVICES },
    {
      'GET /api/surveys': {
        method: 'get',
        request: { path: '/api/surveys', query: { status: '下書き' } },
        status: 200,
        service: reaches(SurveysService, 'list', [ACTOR, expect.objectContaining({ status: '下書き', sort: 'updatedAtDesc' })], []),
        malformed: [{ name: 'an unknown sort', query: { sort: 'newest' } }],
      },
      'POST /api/surveys': {
        method: 'post',
        request: { path: '/api/surveys', body: survey },
        status: 201,
        service: reaches(SurveysService, 'create', [ACTOR, expect.objectContaining(survey)]),
        malformed: [{ name: 'no client name', body: { ...survey, clientName: undefined } }],
      },
      'GET /api/surveys/:surveyId': {
        method: 'get',
        request: { path: base },
        status: 200,
        service: reaches(SurveysService, 'detail', [ACTOR, SURVEY]),
        malformed: [{ name: 'a survey id that is not a UUID', path: '/api/surveys/x' }],
      },
      'PATCH /api/surveys/:surveyId': {
        method: 'patch',
        request: { path: base, body: { title: 'Dinner' } },
        status: 200,
        service: reaches(SurveysService, 'update', [ACTOR, SURVEY, { title: 'Dinner' }]),
        malformed: [{ name: 'an unknown status', body: { status: 'live' } }],
      },
      'DELETE /api/surveys/:surveyId': {
        method: 'delete',
        request: { path: base },
        status: 200,
        service: reaches(SurveysService, 'remove', [ACTOR, SURVEY], { deleted: true }),
      },
      'POST /api/surveys/:surveyId/duplicate': {
        method: 'post',
        request: { path: `${base}/duplicate` },
        status: 201,
        service: reaches(SurveysService, 'duplicate', [ACTOR, SURVEY]),
      },
      'POST /api/survey-copies': {
        method: 'post',
        request: { path: '/api/survey-copies', body: { sourceSurveyId: SURVEY, sourceVersionNo: 2 } },
        status: 201,
        service: reaches(SurveysService, 'copyFrom', [ACTOR, { sourceSurveyId: SURVEY, sourceVersionNo: 2 }]),
        malformed: [{ name: 'a source that is not a UUID', body: { sourceSurveyId: 'x' } }],
      },
      'POST /api/surveys/:surveyId/questions/renumber': {
        method: 'post',
        request: { path: `${base}/questions/renumber` },
        status: 200,
        service: reaches(RenumberService, 'renumber', [ACTOR, SURVEY]),
      },
      'POST /api/surveys/:surveyId/archive': {
        method: 'post',
        request: { path: `${base}/archive` },
        status: 200,
        service: reaches(SurveysService, 'archive', [ACTOR, SURVEY]),
      },
      'POST /api/surveys/:surveyId/export': {
        method: 'post',
        request: { path: `${base}/export` },
        status: 200,
        service: reaches(SurveyExportService, 'export', [ACTOR, SURVEY]),
      },
      'POST /api/surveys/:surveyId/exports': {
        method: 'post',
        request: { path: `${base}/exports` },
        status: 200,
        service: reaches(SurveyExportService, 'export', [ACTOR, SURVEY]),
      },
      'PUT /api/surveys/:surveyId/favorite': {
        method: 'put',
        request: { path: `${base}/favorite`, body: { favorite: true } },
        status: 200,
        service: reaches(SurveysService, 'setFavorite', [ACTOR, SURVEY, true]),
        malformed: [{ name: 'a favorite that is not a boolean', body: { favorite: 'yes' } }],
      },
    },
  );
});
