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
import { QuestionsController } from './questions.controller';
import { QuestionsService } from './questions.service';

/** The question routes' 400 and 401 answers, with the real pipe and guard and no database. */
describe('QuestionsController (no database)', () => {
  let app: PlatformApp;
  const calls: string[] = [];

  @Module({
    controllers: [QuestionsController],
    providers: [
      { provide: IDENTITY_OPTIONS, useValue: { adminEmails: [], importApiKey: undefined } },
      { provide: APP_GUARD, useClass: IdentityGuard },
      BUILDER_CREDENTIAL_CHECKS,
      { provide: UsersService, useValue: { resolve: async (email: string, name: string) => ({ id: 'user-1', email, name }) } },
      {
        provide: QuestionsService,
        useValue: Object.fromEntries(
          ['add', 'update', 'remove', 'duplicate', 'import'].map((name) => [name, async () => (calls.push(name), {})]),
        ),
      },
      ...httpConventions({ filter: BuilderExceptionFilter, envelope: BuilderEnvelopeInterceptor }),
    ],
  })
  class TestModule {}

  beforeAll(async () => {
    app = await startTestApp({ module: TestModule }, SURVEY_BUILDER_HTTP, { checkDocument: false });
  });
  afterAll(() => app.close());

  const id = '0b7e6a3c-5a3a-4d5e-9f00-3b1c2d4e5f60';
  const bob = () => httpClient(app, { 'x-user-email': 'bob@example.com', 'x-user-name': 'Bob' });

  it('answers 401 without the identity headers, before reading the body', async () => {
    const res = await httpClient(app).post(`/api/sections/${id}/questions`, { code: 1 }).expect(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('names every bad field of a question: types, limits, enums, nested rules', async () => {
    const res = await bob()
      .patch(`/api/questions/${id}`, {
        questionType: 'essay',
        minSelections: 0,
        options: [{ label: 'x'.repeat(2001) }],
        branchRules: [
          {
            logicalOperator: 'XOR',
            conditions: [{ sourceQuestionCode: '', operator: 'equals', value: 'a' }],
            destinationQuestionCode: 'Q2',
          },
        ],
        sortOrder: 1.5,
      })
      .expect(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'branchRules.0.conditions.0.sourceQuestionCode',
      'branchRules.0.logicalOperator',
      'minSelections',
      'options.0.label',
      'questionType',
      'sortOrder',
    ]);
    expect(calls).toEqual([]);
  });

  it('needs libraryItemId or the three source ids to be uuids', async () => {
    const res = await bob().post('/api/questions/import', { targetSectionId: id, libraryItemId: 'nope' }).expect(400);
    expect(res.body.error.details).toEqual([{ field: 'libraryItemId', message: 'libraryItemId must be a UUID' }]);
  });
});

describe('QuestionsController routes (shared controller-spec helper)', () => {
  let app: PlatformApp;
  beforeAll(async () => {
    app = await startBuilderControllers([QuestionsController], [QuestionsService]);
  });
  afterAll(() => app?.close());

  const SECTION = '3d7a2b1c-5e4f-4a6b-9c8d-1e2f3a4b5c6d';
  const QUESTION = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
  const LIBRARY_ITEM = '5a1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
  const question = { code: 'Q1', questionType: 'single', promptText: 'How often?', options: [{ label: 'Daily' }] };

  describeRouteAccess(
    { app: () => app, ...BUILDER_CALLERS, stubs: [QuestionsService] },
    {
      'POST /api/sections/:sectionId/questions': {
        method: 'post',
        request: { path: `/api/sections/${SECTION}/questions`, body: question },
        status: 201,
        service: reaches(QuestionsService, 'add', [ACTOR, SECTION, expect.objectContaining({ code: 'Q1', questionType: 'single' })]),
        malformed: [
          { name: 'an unknown question type', body: { ...question, questionType: 'slider' } },
          { name: 'no code', body: { ...question, code: undefined } },
        ],
      },
      'POST /api/questions/import': {
        method: 'post',
        request: { path: '/api/questions/import', body: { targetSectionId: SECTION, libraryItemId: LIBRARY_ITEM } },
        status: 201,
        service: reaches(QuestionsService, 'import', [ACTOR, { targetSectionId: SECTION, libraryItemId: LIBRARY_ITEM }]),
        malformed: [{ name: 'a target that is not a UUID', body: { targetSectionId: 'x' } }],
      },
      'PATCH /api/questions/:questionId': {
        method: 'patch',
        request: { path: `/api/questions/${QUESTION}`, body: { promptText: 'How often, really?' } },
        status: 200,
        service: reaches(QuestionsService, 'update', [ACTOR, QUESTION, expect.objectContaining({ promptText: 'How often, really?' })]),
        malformed: [{ name: 'a sort order 0', body: { sortOrder: 0 } }],
      },
      'DELETE /api/questions/:questionId': {
        method: 'delete',
        request: { path: `/api/questions/${QUESTION}` },
        status: 200,
        service: reaches(QuestionsService, 'remove', [ACTOR, QUESTION], { deleted: true }),
        malformed: [{ name: 'a question id that is not a UUID', path: '/api/questions/1' }],
      },
      'POST /api/questions/:questionId/duplicate': {
        method: 'post',
        request: { path: `/api/questions/${QUESTION}/duplicate` },
        status: 201,
        service: reaches(QuestionsService, 'duplicate', [ACTOR, QUESTION]),
      },
    },
  );
});
