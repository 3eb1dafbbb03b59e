import { DataSource } from 'typeorm';
import { type Builder, createSurvey, IMPORT_KEY, startBuilder } from './builder-kit';

const BUNDLE_PATH = '/api/imports/survey-platform/bundle';

function bundle(overrides: object = {}) {
  return {
    origin: 'survey_platform',
    fetchedAt: '2026-11-20T10:00:00Z',
    summary: { total: 2, note: 'kept as sent' },
    surveys: [
      {
        surveyId: 1001,
        survey: { id: 1001, name: '食生活調査', owner_team: 'research' },
        questionnaire: { id: 77, survey_id: 1001, generate_order: [[1, 2], [3]] },
        questions: [
          {
            id: 1,
            answer_type: 1,
            answer_type_name: '単一回答',
            rendered_sentence: '<p>朝食を<b>食べます</b>か</p>',
            order_index: 1,
            any_logic: true,
            any_visibility: false,
            answer_items: [
              { id: 12, sentence: '時々', order_index: 2 },
              { id: 11, sentence: '毎日', order_index: 1 },
            ],
            sub_items: [],
            logics: [
              {
                id: 100,
                order_index: 1,
                logic_items: [{ id: 1000, question_id: 1, answer_item_id: 11, verb: 'eq', value: 1 }],
                logic_action: { id: 5, question_id: 3, is_random: false },
              },
            ],
            platform_only: { nested: [1, 2, 3] },
          },
          {
            id: 2,
            answer_type: 9,
            answer_type_name: '提示ステップ',
            rendered_sentence: '<p>食事の内容</p><p>ふだんの食事について伺います</p>',
            order_index: 2,
            any_logic: false,
            any_visibility: false,
            answer_items: [],
            sub_items: [],
            logics: [],
          },
          {
            id: 3,
            answer_type: 5,
            answer_type_name: 'マトリクス(SA)',
            rendered_sentence: '満足度をお答えください',
            order_index: 3,
            answer_items: [{ id: 31, sentence: '味', order_index: 1 }],
            sub_items: [
              { id: 41, sentence: '満足', order_index: 1 },
              { id: 42, sentence: '不満', order_index: 2 },
            ],
          },
        ],
      },
      { surveyId: 1002, survey: null, questionnaire: null },
    ],
    ...overrides,
  };
}

describe('imports of external bundles on a real PostgreSQL', () => {
  let builder: Builder;
  const alice = { email: 'alice@example.com', name: 'Alice' };
  const db = () => builder.app.get(DataSource);

  beforeAll(async () => {
    builder = await startBuilder();
  });
  afterAll(() => builder?.close());

  it('stores a bundle, keeping unknown fields as raw JSON, registers every question in the library, and counts everything', async () => {
    const res = await builder.as(alice).post(BUNDLE_PATH, bundle()).expect(200);
    expect(res.body).toEqual({
      ok: true,
      data: {
        surveysImported: 1,
        questionsImported: 3,
        answerItemsImported: 3,
        subItemsImported: 2,
        logicsImported: 1,
        logicItemsImported: 1,
        libraryItemsImported: 3,
        surveyIds: [expect.stringMatching(/^[0-9a-f-]{36}$/)],
        skipped: [{ externalId: 1002, reason: 'no questionnaire was fetched' }],
      },
    });
    const [survey] = await db().query(`SELECT name, survey_raw, questionnaire_raw FROM external_survey WHERE external_id = 1001`);
    expect(survey).toMatchObject({
      name: '食生活調査',
      survey_raw: { owner_team: 'research' },
      questionnaire_raw: { generate_order: [[1, 2], [3]] },
    });
    const [question] = await db().query(`SELECT raw, any_logic FROM external_question WHERE external_id = 1`);
    expect(question).toMatchObject({ any_logic: true, raw: { platform_only: { nested: [1, 2, 3] } } });
    const [logicItem] = await db().query(`SELECT verb, value, question_external_id, answer_item_external_id FROM external_logic_item`);
    expect(logicItem).toEqual({ verb: 'eq', value: '1', question_external_id: '1', answer_item_external_id: '11' });

    const library = (await builder.as(alice).get('/api/question-library').expect(200)).body.data;
    const external = library.filter((e: { sourceExternalSurveyId: string }) => e.sourceExternalSurveyId === res.body.data.surveyIds[0]);
    expect(
      external
        .map((e: { questionType: string; sectionTitle: string; normalizedPayload: { promptText: string } }) => [
          e.questionType,
          e.sectionTitle,
          e.normalizedPayload.promptText,
        ])
        .sort(),
    ).toEqual([
      ['intro', '食事の内容', '食事の内容\nふだんの食事について伺います'],
      ['matrix', '食事の内容', '満足度をお答えください'],
      ['single', '', '朝食を食べますか'],
    ]);
    const single = external.find((e: { questionType: string }) => e.questionType === 'single');
    expect(single).toMatchObject({
      sourceSurveyId: null,
      sourceExternalSurveyName: '食生活調査',
      sourceExternalQuestionId: expect.any(String),
      category: 'survey_platform',
      normalizedPayload: {
        options: [{ label: '毎日' }, { label: '時々' }].map((o) => expect.objectContaining(o)),
        subItems: [],
        subQuestions: [],
      },
    });
  });

  it('replaces a questionnaire imported before with its children instead of duplicating it', async () => {
    const first = (await builder.as(alice).post(BUNDLE_PATH, bundle()).expect(200)).body.data;
    const second = (await builder.as(alice).post(BUNDLE_PATH, bundle()).expect(200)).body.data;
    expect(second.surveyIds[0]).not.toBe(first.surveyIds[0]);
    const [{ surveys, questions, library, logics }] = await db().query(
      `SELECT (SELECT count(*)::int FROM external_survey WHERE source = 'survey_platform' AND external_id = 1001) AS surveys,
              (SELECT count(*)::int FROM external_question) AS questions,
              (SELECT count(*)::int FROM library_item WHERE source_external_survey_id IS NOT NULL) AS library,
              (SELECT count(*)::int FROM external_logic_item) AS logics`,
    );
    expect({ surveys, questions, library, logics }).toEqual({ surveys: 1, questions: 3, library: 3, logics: 1 });
  });

  it('accepts the import API key, recorded as the x-user-email user or as the Import Bot; a wrong key is 401', async () => {
    const post = (headers: Record<string, string>, externalId: number) =>
      builder
        .http()
        .post(BUNDLE_PATH)
        .set(headers)
        .send(bundle({ origin: 'keyed', surveys: [{ ...bundle().surveys[0], surveyId: externalId }] }));
    await post({ 'x-api-key': IMPORT_KEY }, 2001).expect(200);
    await post({ 'x-api-key': IMPORT_KEY, 'x-user-email': 'Importer@Example.com' }, 2002).expect(200);
    const importers = await db().query(
      `SELECT e.source, e.origin, e.external_id, u.email, u.name FROM external_survey e JOIN "user" u ON u.id = e.imported_by
       WHERE e.origin = 'keyed' ORDER BY e.external_id`,
    );
    expect(importers).toEqual([
      { source: 'survey_platform', origin: 'keyed', external_id: '2001', email: 'import-bot@survey-builder.internal', name: 'Import Bot' },
      { source: 'survey_platform', origin: 'keyed', external_id: '2002', email: 'importer@example.com', name: 'importer' },
    ]);
    const wrong = await post({ 'x-api-key': 'wrong-key-0123456789', 'x-user-email': 'a@example.com', 'x-user-name': 'A' }, 2003).expect(
      401,
    );
    expect(wrong.body.error.code).toBe('UNAUTHENTICATED');
    await post({}, 2004).expect(401);
    await builder.http().get('/api/surveys').set('x-api-key', IMPORT_KEY).expect(401);
  });

  it('refuses malformed bundles naming the fields', async () => {
    const fields = async (body: object) =>
      (await builder.as(alice).post(BUNDLE_PATH, body).expect(400)).body.error.details.map((d: { field: string }) => d.field);
    expect(await fields(bundle({ origin: '' }))).toEqual(['origin']);
    expect(await fields(bundle({ surveys: [] }))).toEqual(['surveys']);
    expect(await fields(bundle({ surveys: [{ surveyId: '1', survey: null, questionnaire: null }] }))).toEqual(['surveys.0.surveyId']);
    expect(await fields(bundle({ surveys: [{ surveyId: 1, questionnaire: null }] }))).toEqual(['surveys.0.survey']);
    expect(
      await fields(bundle({ surveys: [{ surveyId: 1, survey: [], questionnaire: {}, questions: [{ answer_type_name: 'x' }] }] })),
    ).toEqual(['surveys.0.survey', 'surveys.0.questions.0.id']);
  });

  it('lists the external ids imported from a source: survey_platform, the source the path names, by default', async () => {
    expect((await builder.as(alice).get('/api/imports/survey-platform/existing-ids').expect(200)).body.data).toEqual([1001, 2001, 2002]);
    expect((await builder.as(alice).get('/api/imports/survey-platform/existing-ids?source=survey_platform').expect(200)).body.data).toEqual(
      [1001, 2001, 2002],
    );
    expect((await builder.as(alice).get('/api/imports/survey-platform/existing-ids?source=keyed').expect(200)).body.data).toEqual([]);
  });

  it('splits each imported questionnaire into section previews at 提示ステップ, in both forms', async () => {
    const previews = (await builder.as(alice).get('/api/imports/survey-platform/section-previews').expect(200)).body.data;
    const preview = previews.find(
      (p: { externalSurveyExternalId: number; externalSurveyName: string }) => p.externalSurveyExternalId === 1001,
    );
    expect(preview).toEqual({
      externalSurveyId: expect.any(String),
      externalSurveyName: '食生活調査',
      externalSurveyExternalId: 1001,
      sections: [
        { index: 0, title: '', description: '', libraryItemIds: [expect.any(String)], questionCount: 1 },
        {
          index: 1,
          title: '食事の内容',
          description: 'ふだんの食事について伺います',
          libraryItemIds: [expect.any(String)],
          questionCount: 1,
        },
      ],
    });
    const single = (await builder.as(alice).get(`/api/imports/survey-platform/section-previews/${preview.externalSurveyId}`).expect(200))
      .body.data;
    expect(single).toEqual(preview);
    await builder.as(alice).get('/api/imports/survey-platform/section-previews/not-a-uuid').expect(400);
    await builder.as(alice).get('/api/imports/survey-platform/section-previews/5b9f0a6e-0000-4000-8000-000000000000').expect(404);

    const target = await createSurvey(builder.as(alice), { generateInitialContent: false });
    const section = (
      await builder
        .as(alice)
        .post('/api/sections/import-from-external', {
          targetSurveyId: target.id,
          libraryItemIds: preview.sections[1].libraryItemIds,
          sectionTitle: preview.sections[1].title,
          sectionDescription: preview.sections[1].description,
        })
        .expect(201)
    ).body.data;
    expect(section).toMatchObject({ title: '食事の内容', description: 'ふだんの食事について伺います', questionCount: 1 });
    expect(section.questions[0]).toMatchObject({
      code: 'Q1',
      questionType: 'matrix',
      promptText: '満足度をお答えください',
      noteText: '満足\n不満',
      matrixRows: [expect.objectContaining({ label: '味', axis: 'row' })],
      branchRules: [],
    });
  });
});
