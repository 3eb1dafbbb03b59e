import { DataSource } from 'typeorm';
import { OPENAPI_JSON_PATH } from '@platform/runtime';
import { QUESTION_LIMITS, SURVEY_LIMITS } from '../src/domain/limits';
import { type Builder, type Client, createSurvey, startBuilder } from './builder-kit';
import { fillVersion } from './support/large-survey';

/**
 * What a survey may hold (domain/limits.ts, docs/decisions.md "The survey builder's bounds"): sections and questions
 * per survey, and the arrays of a question, refused with 400 and a code naming the limit on every path that grows
 * them. Surveys are filled to the edge with SQL (the requests under test are the ones past it).
 */
const BUNDLE_PATH = '/api/imports/survey-platform/bundle';

interface Refusal {
  body: { ok: false; error: { code: string; message: string; details?: Array<{ field: string; message: string }> } };
}

describe('the limits of a survey and of its questions', () => {
  let builder: Builder;
  let alice: Client;
  let db: DataSource;

  const latestVersionId = async (surveyId: string) =>
    (await db.query(`SELECT latest_version_id AS id FROM survey_builder.survey WHERE id = $1`, [surveyId]))[0].id as string;
  const refused = (res: Refusal, code: string, field: string) => {
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.details?.[0]?.field).toBe(field);
    return res.body.error;
  };
  /** A survey whose latest version holds `sections` empty sections (appended with SQL) after what it has. */
  const withSections = async (surveyId: string, sections: number) => {
    const versionId = await latestVersionId(surveyId);
    await db.query(
      `INSERT INTO survey_builder.section (version_id, stable_id, title, description, sort_order, generated_by)
       SELECT $1, gen_random_uuid(), '空 ' || s, '', (SELECT count(*) FROM survey_builder.section WHERE version_id = $1) + s, 'test'
       FROM generate_series(1, $2) s`,
      [versionId, sections],
    );
  };

  beforeAll(async () => {
    builder = await startBuilder();
    alice = builder.as({ email: 'alice@example.com', name: 'Alice' });
    db = builder.app.get(DataSource);
  });
  afterAll(() => builder?.close());

  it('refuses a section past the sections a survey may hold, on every path that adds one', async () => {
    const source = await createSurvey(alice);
    const sourceSection = source.sections[1];
    await alice.post(`/api/surveys/${source.id}/export`).expect(200);
    const [entry] = (await alice.get('/api/question-library').expect(200)).body.data;
    const full = await createSurvey(alice, { generateInitialContent: false });
    await withSections(full.id, SURVEY_LIMITS.sections - 1);
    const last = (await alice.post(`/api/surveys/${full.id}/sections`, { title: '最後' }).expect(201)).body.data;

    const error = refused(
      await alice.post(`/api/surveys/${full.id}/sections`, { title: 'もう一つ' }).expect(400),
      'SECTION_LIMIT_EXCEEDED',
      'sections',
    );
    expect(error.message).toBe(`A survey holds at most ${SURVEY_LIMITS.sections} sections; this would make ${SURVEY_LIMITS.sections + 1}`);
    refused(await alice.post(`/api/sections/${last.id}/duplicate`).expect(400), 'SECTION_LIMIT_EXCEEDED', 'sections');
    refused(
      await alice
        .post('/api/sections/import', { sourceSurveyId: source.id, sourceSectionId: sourceSection.id, targetSurveyId: full.id })
        .expect(400),
      'SECTION_LIMIT_EXCEEDED',
      'sections',
    );
    refused(
      await alice
        .post('/api/sections/import-from-external', { targetSurveyId: full.id, libraryItemIds: [entry.id], sectionTitle: '外部' })
        .expect(400),
      'SECTION_LIMIT_EXCEEDED',
      'sections',
    );
    // Nothing was added; once a section goes, one fits again.
    expect((await alice.get(`/api/surveys/${full.id}`).expect(200)).body.data.sections).toHaveLength(SURVEY_LIMITS.sections);
    await alice.delete(`/api/sections/${last.id}`).expect(200);
    await alice.post(`/api/surveys/${full.id}/sections`, { title: '空いた' }).expect(201);
  });

  it('refuses questions past the questions a survey may hold, on every path that adds them', async () => {
    const source = await createSurvey(alice);
    await alice.post(`/api/surveys/${source.id}/export`).expect(200);
    const entry = (await alice.get('/api/question-library').expect(200)).body.data[0];
    const full = await createSurvey(alice, { generateInitialContent: false });
    const pool = builder.scope.pool({ connectionString: builder.database.url, max: 1 });
    await fillVersion(pool, await latestVersionId(full.id), { sections: 1, questionsPerSection: SURVEY_LIMITS.questions - 1 });
    const section = (await alice.get(`/api/surveys/${full.id}`).expect(200)).body.data.sections[0];
    const question = { questionType: 'single', promptText: '最後の設問', options: [{ label: 'はい' }] };
    const lastOne = (await alice.post(`/api/sections/${section.id}/questions`, { ...question, code: 'LAST' }).expect(201)).body.data;

    const error = refused(
      await alice.post(`/api/sections/${section.id}/questions`, { ...question, code: 'ONE_MORE' }).expect(400),
      'QUESTION_LIMIT_EXCEEDED',
      'questions',
    );
    expect(error.message).toBe(
      `A survey holds at most ${SURVEY_LIMITS.questions} questions; this would make ${SURVEY_LIMITS.questions + 1}`,
    );
    refused(await alice.post(`/api/questions/${lastOne.id}/duplicate`).expect(400), 'QUESTION_LIMIT_EXCEEDED', 'questions');
    refused(
      await alice.post('/api/questions/import', { targetSectionId: section.id, libraryItemId: entry.id }).expect(400),
      'QUESTION_LIMIT_EXCEEDED',
      'questions',
    );
    // A new section brings its two draft questions; importing one brings the source's.
    refused(await alice.post(`/api/surveys/${full.id}/sections`, { title: '追加' }).expect(400), 'QUESTION_LIMIT_EXCEEDED', 'questions');
    refused(
      await alice
        .post('/api/sections/import', { sourceSurveyId: source.id, sourceSectionId: source.sections[1].id, targetSurveyId: full.id })
        .expect(400),
      'QUESTION_LIMIT_EXCEEDED',
      'questions',
    );
    refused(
      await alice
        .post('/api/sections/import-from-external', { targetSurveyId: full.id, libraryItemIds: [entry.id], sectionTitle: '外部' })
        .expect(400),
      'QUESTION_LIMIT_EXCEEDED',
      'questions',
    );
    // Once a question goes, its place can be taken again.
    await alice.delete(`/api/questions/${lastOne.id}`).expect(200);
    await alice.post(`/api/questions/${section.questions[0].id}/duplicate`).expect(201);
    const detail = (await alice.get(`/api/surveys/${full.id}`).expect(200)).body.data;
    expect(detail.sections.reduce((n: number, s: { questions: unknown[] }) => n + s.questions.length, 0)).toBe(SURVEY_LIMITS.questions);
    // Saving, copying and rolling back copy what is there: within the limits by construction.
    await alice.post(`/api/surveys/${full.id}/save`).expect(201);
    await alice.post(`/api/surveys/${full.id}/duplicate`).expect(201);
  }, 60_000);

  it('refuses an array of a question past its limit, in a body (with its field) and in what an import or copy brings', async () => {
    const survey = await createSurvey(alice);
    const section = survey.sections[1];
    const tooMany = Array.from({ length: QUESTION_LIMITS.options + 1 }, (_, i) => ({ label: `${i}` }));
    const res = await alice.post(`/api/sections/${section.id}/questions`, {
      code: 'WIDE',
      questionType: 'single',
      promptText: 'p',
      options: tooMany,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'options' }] });

    // A library entry (stored before the limits) whose matrix has more rows than a question may hold.
    const rows = Array.from({ length: QUESTION_LIMITS.matrixRows + 100 }, (_, i) => ({
      label: `行 ${i}`,
      isExclusive: false,
      allowOtherInput: false,
      isNotApplicable: false,
    }));
    const [wide] = await db.query(
      `INSERT INTO survey_builder.library_item (question_type, normalized_payload, source_section_id, category)
       VALUES ('matrix', $1, 'legacy:0', 'legacy') RETURNING id`,
      [JSON.stringify({ promptText: '広すぎる', options: rows, subItems: [], subQuestions: [] })],
    );
    const error = refused(
      await alice.post('/api/questions/import', { targetSectionId: section.id, libraryItemId: wide.id }).expect(400),
      'QUESTION_CONTENT_LIMIT_EXCEEDED',
      'matrixRows',
    );
    expect(error.message).toBe(`matrixRows holds at most ${QUESTION_LIMITS.matrixRows} items; this would make ${rows.length}`);
    refused(
      await alice
        .post('/api/sections/import-from-external', { targetSurveyId: survey.id, libraryItemIds: [wide.id], sectionTitle: 't' })
        .expect(400),
      'QUESTION_CONTENT_LIMIT_EXCEEDED',
      'libraryItemIds.0.matrixRows',
    );

    // A stored question (written before the limits) with too many rows: copies of it are refused too.
    const stored = section.questions[0];
    await db.query(
      `INSERT INTO survey_builder.question_option (question_id, kind, sort_order, label)
       SELECT $1, 'matrix_row', 1000 + r, '行 ' || r FROM generate_series(1, $2) r`,
      [stored.id, QUESTION_LIMITS.matrixRows + 1],
    );
    refused(await alice.post(`/api/questions/${stored.id}/duplicate`).expect(400), 'QUESTION_CONTENT_LIMIT_EXCEEDED', 'matrixRows');
    refused(
      await alice.post(`/api/sections/${section.id}/duplicate`).expect(400),
      'QUESTION_CONTENT_LIMIT_EXCEEDED',
      'questions.0.matrixRows',
    );
  });

  it('refuses a bundle whose questionnaire has more questions than a survey, or a matrix with more items than rows', async () => {
    const entry = (questions: object[]) => ({ surveyId: 9001, survey: { name: '大きい' }, questionnaire: { id: 1 }, questions });
    const items = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i + 1, sentence: `項目 ${i}`, order_index: i }));
    const tooLong = Array.from({ length: SURVEY_LIMITS.questions + 1 }, (_, i) => ({ id: i + 1, answer_type_name: '単一回答' }));
    const long = await alice.post(BUNDLE_PATH, { origin: 'o', surveys: [entry(tooLong)] }).expect(400);
    expect(long.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'surveys.0.questions' }] });

    const questions = [
      { id: 1, answer_type_name: '単一回答', answer_items: items(QUESTION_LIMITS.matrixRows + 1), order_index: 2 },
      { id: 2, answer_type_name: 'マトリクス(SA)', answer_items: items(QUESTION_LIMITS.matrixRows + 1), order_index: 1 },
    ];
    refused(
      await alice.post(BUNDLE_PATH, { origin: 'o', surveys: [entry(questions)] }).expect(400),
      'QUESTION_CONTENT_LIMIT_EXCEEDED',
      'surveys.0.questions.1.answer_items',
    );
    expect((await alice.get('/api/imports/survey-platform/existing-ids').expect(200)).body.data).not.toContain(9001);
    // As many choices as a question may have are fine for any other type.
    await alice.post(BUNDLE_PATH, { origin: 'o', surveys: [entry(questions.slice(0, 1))] }).expect(200);
  });

  it('documents every limit as maxItems', async () => {
    const { body: document } = await builder.http().get(OPENAPI_JSON_PATH).expect(200);
    const schema = (name: string) => document.components.schemas[name].properties;
    expect(schema('AddQuestionDto').options.maxItems).toBe(QUESTION_LIMITS.options);
    expect(schema('UpdateQuestionDto').branchRules.maxItems).toBe(QUESTION_LIMITS.branchRules);
    expect(schema('SubQuestionDto').options.maxItems).toBe(QUESTION_LIMITS.subQuestionOptions);
    expect(schema('VisibilityRuleDto').targets.maxItems).toBe(QUESTION_LIMITS.visibilityTargets);
    expect(schema('SurveyResponse').sections.maxItems).toBe(SURVEY_LIMITS.sections);
    expect(schema('SectionResponse').questions.maxItems).toBe(SURVEY_LIMITS.questions);
    expect(schema('BundleSurveyDto').questions.maxItems).toBe(SURVEY_LIMITS.questions);
    expect(document.components.schemas.ErrorBody.properties.error.properties.code.enum).toEqual(
      expect.arrayContaining(['SECTION_LIMIT_EXCEEDED', 'QUESTION_LIMIT_EXCEEDED', 'QUESTION_CONTENT_LIMIT_EXCEEDED']),
    );
  });
});
