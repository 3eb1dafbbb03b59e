import { describeBadInputSweep } from '@platform/testing/sweep';
import { ADMIN, type Builder, createSurvey, IMPORT_KEY, startBuilder } from './builder-kit';

describe('survey-builder-api under malformed input', () => {
  let builder: Builder;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    builder = await startBuilder();
    const admin = builder.as(ADMIN);
    const survey = await createSurvey(admin);
    ids.surveyId = survey.id;
    ids.sectionId = survey.sections[1].id;
    ids.questionId = survey.sections[1].questions[0].id;
    ids.versionNo = '1';
    await admin.post(`/api/surveys/${survey.id}/export`).expect(200);
    ids.itemId = (await admin.get('/api/question-library').expect(200)).body.data[0].id;
    const imported = await admin
      .post('/api/imports/survey-platform/bundle', {
        origin: 'sweep',
        surveys: [
          {
            surveyId: 1,
            survey: { name: 'sweep' },
            questionnaire: { id: 1 },
            questions: [{ id: 1, answer_type_name: '単一回答', rendered_sentence: 'q' }],
          },
        ],
      })
      .expect(200);
    ids.externalSurveyId = imported.body.data.surveyIds[0];
  });
  afterAll(() => builder?.close());

  describeBadInputSweep({
    app: () => builder.app,
    identity: () => ({ 'x-user-email': ADMIN.email, 'x-user-name': ADMIN.name }),
    badIdentities: [
      { 'x-user-email': 'not-an-email', 'x-user-name': 'A' },
      { 'x-user-email': 'someone@example.com' },
      { 'x-api-key': 'wrong-key-0123456789' },
      { 'x-api-key': IMPORT_KEY, 'x-user-email': 'x'.repeat(400) },
    ],
    pathValues: () => ids,
    budget: 450,
  });
});
