import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { BuilderEnvelopeInterceptor, httpConventions } from '@platform/contracts';
import type { PlatformApp } from '@platform/runtime';
import { httpClient, startTestApp } from '@platform/testing';
import { BuilderExceptionFilter } from '../builder.errors';
import { SURVEY_BUILDER_HTTP } from '../http-surface';
import { IDENTITY_OPTIONS, IdentityGuard } from '../identity/identity.guard';
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
