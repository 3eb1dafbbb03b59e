import { type Builder, type Client, createSurvey, startBuilder } from './builder-kit';

const BUNDLE_PATH = '/api/imports/survey-platform/bundle';
const entry = (surveyId: unknown, questionnaire: unknown = { id: 7, survey_id: 1, generate_order: [[1, 2]] }) => ({
  surveyId,
  survey: { name: 'bundle' },
  questionnaire,
  questions: [{ id: 1, answer_type_name: '単一回答', rendered_sentence: '好きですか', answer_items: [{ id: 1, sentence: 'はい' }] }],
});

/** The malformed requests that once answered 500 (hardening issue): each now gets a 4xx or its documented meaning. */
describe('malformed input the builder once failed on', () => {
  let builder: Builder;
  let alice: Client;

  beforeAll(async () => {
    builder = await startBuilder();
    alice = builder.as({ email: 'alice@example.com', name: 'Alice' });
  });
  afterAll(() => builder?.close());

  const fieldsOf = (res: { body: { error: { code: string; details?: Array<{ field: string }> } } }) =>
    res.body.error.details?.map((d) => d.field);

  it('refuses null for fields that are optional but not nullable', async () => {
    const survey = await createSurvey(alice);
    expect(fieldsOf(await alice.patch(`/api/surveys/${survey.id}`, { title: null }).expect(400))).toEqual(['title']);
    expect(fieldsOf(await alice.patch(`/api/sections/${survey.sections[0].id}`, { sortOrder: null }).expect(400))).toEqual(['sortOrder']);
    const question = survey.sections[1].questions[0];
    expect(fieldsOf(await alice.patch(`/api/questions/${question.id}`, { options: null, branchRules: null }).expect(400))?.sort()).toEqual([
      'branchRules',
      'options',
    ]);
    // null where the spec allows it still clears the value
    await alice.patch(`/api/questions/${question.id}`, { isSingleMatrixSelect: null }).expect(200);
  });

  it('bounds every integer: offsets, version numbers and external ids', async () => {
    expect(fieldsOf(await alice.get('/api/surveys?offset=1e30').expect(400))).toEqual(['offset']);
    expect(fieldsOf(await alice.get('/api/surveys?offset=99999999999999999999').expect(400))).toEqual(['offset']);
    const survey = await createSurvey(alice);
    expect(fieldsOf(await alice.post('/api/survey-copies', { sourceSurveyId: survey.id, sourceVersionNo: 1e308 }).expect(400))).toEqual([
      'sourceVersionNo',
    ]);
    // digits are a well-formed version number (^\d+$); one that large names no version
    await alice.post(`/api/surveys/${survey.id}/versions/12345678901234567890123/rollback`).expect(404);
    for (const surveyId of [1.5, 1e23, -1, '1']) {
      expect(fieldsOf(await alice.post(BUNDLE_PATH, { origin: 'o', surveys: [entry(surveyId)] }).expect(400))).toEqual([
        'surveys.0.surveyId',
      ]);
    }
  });

  it('takes ids in any letter case', async () => {
    const survey = await createSurvey(alice);
    const question = survey.sections[1].questions[0];
    const updated = await alice.patch(`/api/questions/${question.id.toUpperCase()}`, { promptText: '大文字でも' }).expect(200);
    expect(updated.body.data).toMatchObject({ id: question.id, promptText: '大文字でも' });
    await alice.post(`/api/questions/${question.id.toUpperCase()}/duplicate`).expect(201);
    await alice.delete(`/api/questions/${question.id.toUpperCase()}`).expect(200);
    await alice.get(`/api/surveys/${survey.id.toUpperCase()}`).expect(200);
  });

  it('bounds every stored string', async () => {
    const res = await alice.post(BUNDLE_PATH, { origin: 'o'.repeat(5 * 1024 * 1024), surveys: [entry(1)] }).expect(400);
    expect(fieldsOf(res)).toEqual(['origin']);
    expect(
      fieldsOf(
        await alice
          .post('/api/surveys', { title: 't'.repeat(256), clientName: 'c', objective: 'o', deliveryArea: 'd', category: 'c' })
          .expect(400),
      ),
    ).toEqual(['title']);
  });

  it('checks the questionnaire against the types the spec gives', async () => {
    for (const questionnaire of [{ generate_order: 'x' }, { generate_order: [1, 2] }, { generate_order: [[1, 'a']] }, { id: 'x' }]) {
      const res = await alice.post(BUNDLE_PATH, { origin: 'o', surveys: [entry(1, questionnaire)] }).expect(400);
      expect(fieldsOf(res)?.[0]).toMatch(/^surveys\.0\.questionnaire\./);
    }
  });

  it('stores a bundle imported several times at once exactly once, every request answering 200', async () => {
    const body = { origin: 'double-click', surveys: [entry(4242), entry(4243)] };
    const answers = await Promise.all(Array.from({ length: 6 }, () => alice.post(BUNDLE_PATH, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const ids = (await alice.get('/api/imports/survey-platform/existing-ids').expect(200)).body.data;
    expect(ids.filter((id: number) => id === 4242 || id === 4243)).toEqual([4242, 4243]);
    const previews = (await alice.get('/api/imports/survey-platform/section-previews').expect(200)).body.data;
    expect(previews.filter((p: { externalSurveyExternalId: number }) => p.externalSurveyExternalId === 4242)).toHaveLength(1);
  });
});
