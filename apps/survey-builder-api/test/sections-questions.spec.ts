import { type Builder, type Client, createSurvey, startBuilder } from './builder-kit';

interface Question {
  id: string;
  code: string;
  questionType: string;
  promptText: string;
  noteText: string;
  sortOrder: number;
  options: Array<{ id: string; label: string }>;
  minSelections: number | null;
  maxSelections: number | null;
  branchRules: Array<{ destinationQuestionCode: string; conditions: Array<{ sourceQuestionCode: string }> }>;
  visibilityRules: Array<{ conditions: Array<{ sourceQuestionCode: string }> }>;
}

interface Section {
  id: string;
  title: string;
  sortOrder: number;
  questions: Question[];
}

const rule = (destination: string, source: string) => ({
  logicalOperator: 'AND',
  conditions: [{ sourceQuestionCode: source, operator: 'equals', value: 'はい' }],
  destinationQuestionCode: destination,
  message: null,
});

describe('sections and questions on a real PostgreSQL', () => {
  let builder: Builder;
  let alice: Client;
  const bob = { email: 'bob@example.com', name: 'Bob' };

  beforeAll(async () => {
    builder = await startBuilder();
    alice = builder.as({ email: 'alice@example.com', name: 'Alice' });
  });
  afterAll(() => builder?.close());

  const sectionsOf = async (surveyId: string): Promise<Section[]> =>
    (await alice.get(`/api/surveys/${surveyId}`).expect(200)).body.data.sections;
  const codesOf = async (surveyId: string) => (await sectionsOf(surveyId)).flatMap((s) => s.questions.map((q) => q.code));
  const addQuestion = async (sectionId: string, code: string, extra: object = {}) =>
    (
      await alice
        .post(`/api/sections/${sectionId}/questions`, {
          code,
          questionType: 'single',
          promptText: `${code}?`,
          options: [{ label: 'はい' }, { label: 'いいえ' }],
          ...extra,
        })
        .expect(201)
    ).body.data as Question;

  describe('sections', () => {
    it('adds a section at the end with draft questions from its title and codes that collide with nothing', async () => {
      const survey = await createSurvey(alice);
      const section = (await alice.post(`/api/surveys/${survey.id}/sections`, { title: 'パッケージ' }).expect(201)).body.data;
      expect(section).toMatchObject({
        title: 'パッケージ',
        description: '新規追加セクション',
        sortOrder: 4,
        generatedBy: 'title-draft',
        questionCount: 2,
        pageCount: 1,
        updatedAt: expect.any(String),
      });
      expect(section.questions.map((q: Question) => [q.code, q.questionType, q.promptText])).toEqual([
        ['Q8', 'single', '「パッケージ」について、最も当てはまるものをお選びください。'],
        ['Q9', 'free_text', '「パッケージ」について、その理由をお聞かせください。'],
      ]);
      await alice.post(`/api/surveys/${survey.id}/sections`, { title: '' }).expect(400);
      await alice.post(`/api/surveys/${survey.id}/sections`, { title: 'x'.repeat(256) }).expect(400);
      await alice.post('/api/surveys/not-a-uuid/sections', { title: 'x' }).expect(400);
      await builder.as(bob).post(`/api/surveys/${survey.id}/sections`, { title: 'x' }).expect(404);
    });

    it('updates title and description, and moves by swapping with the section at the target position', async () => {
      const survey = await createSurvey(alice);
      const [a, , c] = await sectionsOf(survey.id);
      const moved = (await alice.patch(`/api/sections/${c.id}`, { sortOrder: 1, title: '本調査（先頭）' }).expect(200)).body.data;
      expect(moved).toMatchObject({ title: '本調査（先頭）', sortOrder: 1 });
      expect((await sectionsOf(survey.id)).map((s) => [s.title, s.sortOrder])).toEqual([
        ['本調査（先頭）', 1],
        ['スクリーニング', 2],
        ['調査のご案内', 3],
      ]);
      await alice.patch(`/api/sections/${a.id}`, { sortOrder: 4 }).expect(400);
      await alice.patch(`/api/sections/${a.id}`, { sortOrder: 0 }).expect(400);
      await alice.patch(`/api/sections/${a.id}`, { description: '説明' }).expect(200);
      await alice.patch('/api/sections/5b9f0a6e-0000-4000-8000-000000000000', { title: 'x' }).expect(404);
    });

    it('deletes a section with its questions and closes the gap; earlier versions keep theirs', async () => {
      const survey = await createSurvey(alice);
      await alice.post(`/api/surveys/${survey.id}/save`).expect(201);
      const [, screening] = await sectionsOf(survey.id);
      await alice.delete(`/api/sections/${screening.id}`).expect(200, { ok: true, data: { deleted: true } });
      expect((await sectionsOf(survey.id)).map((s) => [s.title, s.sortOrder])).toEqual([
        ['調査のご案内', 1],
        ['本調査', 2],
      ]);
      await alice.delete(`/api/sections/${screening.id}`).expect(404);
      const v1 = (await alice.get(`/api/surveys/${survey.id}/versions`).expect(200)).body.data[0];
      expect(v1.snapshotSections).toHaveLength(3);
    });

    it('duplicates a section to the end: new codes, references inside the copy point at the copies', async () => {
      const survey = await createSurvey(alice, { generateInitialContent: false });
      const outside = (await alice.post(`/api/surveys/${survey.id}/sections`, { title: 'A' }).expect(201)).body.data as Section;
      const inside = (await alice.post(`/api/surveys/${survey.id}/sections`, { title: 'B' }).expect(201)).body.data as Section;
      const [q3, q4] = inside.questions;
      await alice
        .patch(`/api/questions/${q3.id}`, { branchRules: [rule(q4.code, q3.code), rule('SO', outside.questions[0].code)] })
        .expect(200);
      const copy = (await alice.post(`/api/sections/${inside.id}/duplicate`).expect(201)).body.data as Section;
      expect(copy).toMatchObject({ title: 'B', sortOrder: 3 });
      expect(copy.questions.map((q) => q.code)).toEqual(['Q5', 'Q6']);
      expect(copy.questions[0].branchRules.map((r) => [r.destinationQuestionCode, r.conditions[0].sourceQuestionCode])).toEqual([
        ['Q6', 'Q5'],
        ['SO', 'Q1'],
      ]);
    });

    it('imports a section from another survey found by id, by stable id, or as an older snapshot row; view needed', async () => {
      const source = await createSurvey(alice, { title: 'source' });
      const target = await createSurvey(alice, { title: 'target', generateInitialContent: false });
      const [, screening] = source.sections as Section[];

      const byId = (
        await alice
          .post('/api/sections/import', { sourceSurveyId: source.id, sourceSectionId: screening.id, targetSurveyId: target.id })
          .expect(201)
      ).body.data as Section;
      expect(byId).toMatchObject({ title: 'スクリーニング', sortOrder: 1, generatedBy: 'import' });
      expect(byId.questions.map((q) => q.code)).toEqual(['Q1', 'Q2', 'Q3']);

      await alice.post(`/api/surveys/${source.id}/export`).expect(200);
      const entry = (await alice.get('/api/question-library?limit=1000').expect(200)).body.data.find(
        (e: { sourceSurveyId: string; sectionTitle: string }) => e.sourceSurveyId === source.id && e.sectionTitle === 'スクリーニング',
      );
      const byStableId = (
        await alice
          .post('/api/sections/import', { sourceSurveyId: source.id, sourceSectionId: entry.sourceSectionId, targetSurveyId: target.id })
          .expect(201)
      ).body.data as Section;
      expect(byStableId.questions.map((q) => q.code)).toEqual(['Q4', 'Q5', 'Q6']);

      await alice.post(`/api/surveys/${source.id}/save`).expect(201);
      const v1Intro = (source.sections as Section[])[0];
      const fromOldRow = (
        await alice
          .post('/api/sections/import', { sourceSurveyId: source.id, sourceSectionId: v1Intro.id, targetSurveyId: target.id })
          .expect(201)
      ).body.data as Section;
      expect(fromOldRow.questions.map((q) => [q.code, q.questionType])).toEqual([['T1', 'intro']]);

      const hidden = await createSurvey(builder.as(bob));
      await alice
        .post('/api/sections/import', { sourceSurveyId: hidden.id, sourceSectionId: hidden.sections[0].id, targetSurveyId: target.id })
        .expect(404);
      await alice
        .post('/api/sections/import', { sourceSurveyId: source.id, sourceSectionId: hidden.sections[0].id, targetSurveyId: target.id })
        .expect(404);
      await builder
        .as(bob)
        .post('/api/sections/import', { sourceSurveyId: hidden.id, sourceSectionId: hidden.sections[0].id, targetSurveyId: target.id })
        .expect(404);
      await alice.post('/api/sections/import', { sourceSurveyId: source.id, sourceSectionId: 'x', targetSurveyId: target.id }).expect(400);
    });

    it('keeps imported logic that stays inside the section, re-pointed, and drops logic that reaches outside', async () => {
      const source = await createSurvey(alice, { generateInitialContent: false });
      const first = (await alice.post(`/api/surveys/${source.id}/sections`, { title: 'first' }).expect(201)).body.data as Section;
      const second = (await alice.post(`/api/surveys/${source.id}/sections`, { title: 'second' }).expect(201)).body.data as Section;
      await alice
        .patch(`/api/questions/${second.questions[0].id}`, {
          branchRules: [rule(second.questions[1].code, second.questions[0].code), rule('SC', first.questions[0].code)],
        })
        .expect(200);
      const target = await createSurvey(alice);
      const imported = (
        await alice
          .post('/api/sections/import', { sourceSurveyId: source.id, sourceSectionId: second.id, targetSurveyId: target.id })
          .expect(201)
      ).body.data as Section;
      expect(imported.questions.map((q) => q.code)).toEqual(['Q8', 'Q9']);
      expect(imported.questions[0].branchRules.map((r) => [r.destinationQuestionCode, r.conditions[0].sourceQuestionCode])).toEqual([
        ['Q9', 'Q8'],
      ]);
    });

    it('builds a section from library entries in the order given, without logic', async () => {
      const source = await createSurvey(alice, { category: '飲料' });
      await alice.patch(`/api/questions/${source.sections[1].questions[0].id}`, { branchRules: [rule('SO', 'Q1')] }).expect(200);
      await alice.post(`/api/surveys/${source.id}/export`).expect(200);
      const entries = (await alice.get('/api/question-library?limit=1000').expect(200)).body.data.filter(
        (e: { sourceSurveyId: string }) => e.sourceSurveyId === source.id,
      );
      const gender = entries.find((e: { normalizedPayload: { promptText: string } }) => e.normalizedPayload.promptText.includes('性別'));
      const age = entries.find((e: { normalizedPayload: { promptText: string } }) => e.normalizedPayload.promptText.includes('年齢'));
      const target = await createSurvey(alice, { generateInitialContent: false });
      const section = (
        await alice
          .post('/api/sections/import-from-external', {
            targetSurveyId: target.id,
            libraryItemIds: [age.id, gender.id],
            sectionTitle: '属性',
          })
          .expect(201)
      ).body.data as Section;
      expect(section).toMatchObject({ title: '属性', description: '', generatedBy: 'library', sortOrder: 1 });
      expect(section.questions.map((q) => [q.code, q.questionType])).toEqual([
        ['Q1', 'pulldown'],
        ['Q2', 'single'],
      ]);
      expect(section.questions[1].branchRules).toEqual([]);
      expect(section.questions[1].options.map((o) => o.label)).toEqual(['男性', '女性', '回答しない']);

      const bad = async (body: object) =>
        (
          await alice
            .post('/api/sections/import-from-external', {
              targetSurveyId: target.id,
              libraryItemIds: [gender.id],
              sectionTitle: 't',
              ...body,
            })
            .expect(400)
        ).body.error.details;
      expect(await bad({ libraryItemIds: [] })).toEqual([expect.objectContaining({ field: 'libraryItemIds' })]);
      expect(await bad({ sectionTitle: 'x'.repeat(256) })).toEqual([expect.objectContaining({ field: 'sectionTitle' })]);
      expect(await bad({ sectionTitle: '' })).toEqual([expect.objectContaining({ field: 'sectionTitle' })]);
      expect(await bad({ libraryItemIds: ['nope'] })).toEqual([expect.objectContaining({ field: 'libraryItemIds' })]);
      await alice
        .post('/api/sections/import-from-external', {
          targetSurveyId: target.id,
          libraryItemIds: ['5b9f0a6e-0000-4000-8000-000000000000'],
          sectionTitle: 't',
        })
        .expect(404);
      await builder
        .as(bob)
        .post('/api/sections/import-from-external', { targetSurveyId: target.id, libraryItemIds: [gender.id], sectionTitle: 't' })
        .expect(404);
    });

    it('reuses internal entries only with view on a live source survey, and from its snapshot once it is deleted', async () => {
      const bobClient = builder.as(bob);
      const source = await createSurvey(bobClient, { category: '飲料' });
      await bobClient.post(`/api/surveys/${source.id}/export`).expect(200);
      const entry = (await alice.get('/api/question-library?limit=1000').expect(200)).body.data.find(
        (e: { sourceSurveyId: string }) => e.sourceSurveyId === source.id,
      );
      const target = await createSurvey(alice, { generateInitialContent: false });
      const body = { targetSurveyId: target.id, libraryItemIds: [entry.id], sectionTitle: 'reuse' };
      await alice.post('/api/sections/import-from-external', body).expect(404);
      await bobClient.delete(`/api/surveys/${source.id}`).expect(200);
      const section = (await alice.post('/api/sections/import-from-external', body).expect(201)).body.data as Section;
      expect(section.questions[0].promptText).toBe(entry.normalizedPayload.promptText);
    });
  });

  describe('questions', () => {
    it('appends a question with defaults; codes are unique within the survey (409)', async () => {
      const survey = await createSurvey(alice);
      const section = survey.sections[2] as Section;
      const added = await addQuestion(section.id, 'Q99');
      expect(added).toMatchObject({
        code: 'Q99',
        sortOrder: 5,
        isRequired: false,
        isLinkedToPrevious: false,
        noteText: '',
        branchRules: [],
        minSelections: null,
      });
      expect(added.options.map((o) => o.label)).toEqual(['はい', 'いいえ']);
      const dup = await alice
        .post(`/api/sections/${section.id}/questions`, { code: 'Q1', questionType: 'single', promptText: 'x' })
        .expect(409);
      expect(dup.body.error.code).toBe('DUPLICATE_QUESTION_CODE');
    });

    it('allows selection limits on multi questions only: integers 1 or more, or null, minimum not above maximum', async () => {
      const survey = await createSurvey(alice, { generateInitialContent: false });
      const section = (await alice.post(`/api/surveys/${survey.id}/sections`, { title: 's' }).expect(201)).body.data as Section;
      const multi = await addQuestion(section.id, 'M1', { questionType: 'multi', minSelections: 1, maxSelections: 3 });
      expect(multi).toMatchObject({ minSelections: 1, maxSelections: 3 });
      await addQuestion(section.id, 'M2', { questionType: 'multi', minSelections: null, maxSelections: null });
      const post = (body: object) =>
        alice.post(`/api/sections/${section.id}/questions`, { code: 'X', questionType: 'multi', promptText: 'x', ...body });
      for (const body of [
        { minSelections: 0 },
        { maxSelections: 1.5 },
        { minSelections: '2' },
        { questionType: 'single', minSelections: 2 },
        { minSelections: 3, maxSelections: 2 },
      ]) {
        await post(body).expect(400);
      }
      const single = (await alice.patch(`/api/questions/${multi.id}`, { questionType: 'single' }).expect(200)).body.data;
      expect(single).toMatchObject({ questionType: 'single', minSelections: null, maxSelections: null });
      await alice.patch(`/api/questions/${multi.id}`, { maxSelections: 2 }).expect(400);
    });

    it('updates: arrays replaced wholesale, other fields kept, option ids new on every update', async () => {
      const survey = await createSurvey(alice);
      const question = (survey.sections[1] as Section).questions[0];
      const first = (await alice.patch(`/api/questions/${question.id}`, { noteText: 'メモ' }).expect(200)).body.data as Question;
      expect(first).toMatchObject({ noteText: 'メモ', promptText: question.promptText, code: question.code });
      expect(first.options.map((o) => o.label)).toEqual(question.options.map((o) => o.label));
      expect(first.options.map((o) => o.id)).not.toEqual(question.options.map((o) => o.id));
      const second = (
        await alice
          .patch(`/api/questions/${question.id}`, { options: [{ id: first.options[0].id, label: '男性' }, { label: 'その他' }] })
          .expect(200)
      ).body.data as Question;
      expect(second.options.map((o) => o.label)).toEqual(['男性', 'その他']);
      expect(second.options[0].id).not.toBe(first.options[0].id);
      expect(second.noteText).toBe('メモ');
    });

    it('refuses an intro question as a condition source (400)', async () => {
      const survey = await createSurvey(alice);
      const question = (survey.sections[1] as Section).questions[0];
      const res = await alice.patch(`/api/questions/${question.id}`, { branchRules: [rule('Q3', 'T1')] }).expect(400);
      expect(res.body.error.code).toBe('INTRO_QUESTION_AS_CONDITION_SOURCE');
      await alice
        .patch(`/api/questions/${question.id}`, {
          visibilityRules: [
            { logicalOperator: 'OR', conditions: [{ sourceQuestionCode: 'T1', operator: 'answered', value: '' }], targets: [] },
          ],
        })
        .expect(400);
      await alice.patch(`/api/questions/${question.id}`, { branchRules: [rule('Q3', 'Q2')] }).expect(200);
    });

    it('moves a question by swapping, and deletes with compaction leaving references elsewhere as they are', async () => {
      const survey = await createSurvey(alice);
      const main = survey.sections[2] as Section;
      await alice
        .patch(`/api/questions/${main.questions[0].id}`, { branchRules: [rule(main.questions[3].code, main.questions[0].code)] })
        .expect(200);
      await alice.patch(`/api/questions/${main.questions[3].id}`, { sortOrder: 2 }).expect(200);
      expect((await sectionsOf(survey.id))[2].questions.map((q) => [q.code, q.sortOrder])).toEqual([
        ['Q4', 1],
        ['Q7', 2],
        ['Q6', 3],
        ['Q5', 4],
      ]);
      await alice.patch(`/api/questions/${main.questions[0].id}`, { sortOrder: 9 }).expect(400);
      await alice.delete(`/api/questions/${main.questions[3].id}`).expect(200, { ok: true, data: { deleted: true } });
      const after = (await sectionsOf(survey.id))[2].questions;
      expect(after.map((q) => [q.code, q.sortOrder])).toEqual([
        ['Q4', 1],
        ['Q6', 2],
        ['Q5', 3],
      ]);
      expect(after[0].branchRules[0].destinationQuestionCode).toBe('Q7');
    });

    it('duplicates to the end of the section with a new code; the copy refers to itself where the original did', async () => {
      const survey = await createSurvey(alice);
      const question = (survey.sections[2] as Section).questions[1];
      await alice
        .patch(`/api/questions/${question.id}`, {
          branchRules: [{ ...rule(question.code, question.code), message: '排他' }, rule('Q4', question.code)],
        })
        .expect(200);
      const copy = (await alice.post(`/api/questions/${question.id}/duplicate`).expect(201)).body.data as Question;
      expect(copy).toMatchObject({ code: 'Q8', sortOrder: 5, promptText: question.promptText });
      expect(copy.branchRules.map((r) => [r.destinationQuestionCode, r.conditions[0].sourceQuestionCode])).toEqual([
        ['Q8', 'Q8'],
        ['Q4', 'Q8'],
      ]);
    });

    it('imports from another survey (view needed) or from the library, appended without logic', async () => {
      const source = await createSurvey(alice);
      const sourceQuestion = (source.sections[2] as Section).questions[1];
      await alice.patch(`/api/questions/${sourceQuestion.id}`, { branchRules: [rule('SO', sourceQuestion.code)] }).expect(200);
      const target = await createSurvey(alice);
      const targetSection = target.sections[1] as Section;
      const imported = (
        await alice
          .post('/api/questions/import', {
            targetSectionId: targetSection.id,
            sourceSurveyId: source.id,
            sourceSectionId: source.sections[2].id,
            sourceQuestionId: sourceQuestion.id,
          })
          .expect(201)
      ).body.data as Question;
      expect(imported).toMatchObject({ code: 'Q8', sortOrder: 4, promptText: sourceQuestion.promptText, branchRules: [] });

      const incomplete = await alice
        .post('/api/questions/import', { targetSectionId: targetSection.id, sourceSurveyId: source.id })
        .expect(400);
      expect(incomplete.body.error.code).toBe('INCOMPLETE_SOURCE');
      const hidden = await createSurvey(builder.as(bob));
      await alice
        .post('/api/questions/import', {
          targetSectionId: targetSection.id,
          sourceSurveyId: hidden.id,
          sourceSectionId: hidden.sections[1].id,
          sourceQuestionId: hidden.sections[1].questions[0].id,
        })
        .expect(404);

      await alice.post(`/api/surveys/${source.id}/export`).expect(200);
      const entry = (await alice.get('/api/question-library?limit=1000').expect(200)).body.data.find(
        (e: { sourceSurveyId: string; questionType: string }) => e.sourceSurveyId === source.id && e.questionType === 'matrix',
      );
      const fromLibrary = (
        await alice.post('/api/questions/import', { targetSectionId: targetSection.id, libraryItemId: entry.id }).expect(201)
      ).body.data;
      expect(fromLibrary).toMatchObject({ code: 'Q9', questionType: 'matrix', isSingleMatrixSelect: true });
      expect(fromLibrary.matrixColumns).toHaveLength(5);
      await alice
        .post('/api/questions/import', { targetSectionId: targetSection.id, libraryItemId: '5b9f0a6e-0000-4000-8000-000000000000' })
        .expect(404);
    });
  });

  describe('renumbering', () => {
    it('renumbers in order of appearance and re-points through the old codes, each reference once', async () => {
      const survey = await createSurvey(alice);
      const [, screening, main] = survey.sections as Section[];
      // Q1..Q3 in screening, Q4..Q7 in main. Q4 branches to Q5 when Q1, and is visible when Q2; Q5 goes to SO.
      await alice
        .patch(`/api/questions/${main.questions[0].id}`, {
          branchRules: [rule('Q5', 'Q1'), rule('Q3', 'Q4')],
          visibilityRules: [
            {
              logicalOperator: 'AND',
              conditions: [{ sourceQuestionCode: 'Q2', operator: 'answered', value: '' }],
              targets: [{ label: '品質' }],
            },
          ],
        })
        .expect(200);
      await alice.patch(`/api/questions/${main.questions[1].id}`, { branchRules: [rule('SO', 'Q5'), rule('Q404', 'Q4')] }).expect(200);
      // Swap the first two screening questions and move the main section first.
      await alice.patch(`/api/questions/${screening.questions[1].id}`, { sortOrder: 1 }).expect(200);
      await alice.patch(`/api/sections/${main.id}`, { sortOrder: 1 }).expect(200);

      const renumbered = (await alice.post(`/api/surveys/${survey.id}/questions/renumber`).expect(200)).body.data;
      const byPrompt = new Map<string, Question>(renumbered.sections.flatMap((s: Section) => s.questions.map((q) => [q.promptText, q])));
      expect(renumbered.sections.map((s: Section) => s.questions.map((q) => q.code))).toEqual([
        ['Q1', 'Q2', 'Q3', 'Q4'],
        ['Q5', 'Q6', 'Q7'],
        ['T1'],
      ]);
      const oldQ4 = byPrompt.get(main.questions[0].promptText)!;
      const oldQ5 = byPrompt.get(main.questions[1].promptText)!;
      // Old Q1 (gender) is now Q6, old Q2 (age) is Q5, old Q5 is Q2, old Q3 is Q7, old Q4 is Q1.
      expect(oldQ4.branchRules.map((r) => [r.destinationQuestionCode, r.conditions[0].sourceQuestionCode])).toEqual([
        ['Q2', 'Q6'],
        ['Q7', 'Q1'],
      ]);
      expect(oldQ4.visibilityRules[0].conditions[0].sourceQuestionCode).toBe('Q5');
      expect(oldQ5.branchRules.map((r) => [r.destinationQuestionCode, r.conditions[0].sourceQuestionCode])).toEqual([
        ['SO', 'Q2'],
        ['Q404', 'Q1'],
      ]);
    });

    it('returns the survey unchanged when nothing needs renumbering', async () => {
      const survey = await createSurvey(alice);
      const first = (await alice.post(`/api/surveys/${survey.id}/questions/renumber`).expect(200)).body.data;
      expect(first.updatedAt).toBe(survey.updatedAt);
      expect(first.sections).toEqual(survey.sections);
      expect(await codesOf(survey.id)).toEqual(['T1', 'Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6', 'Q7']);
    });

    it('needs edit permission', async () => {
      const survey = await createSurvey(alice);
      await builder.as(bob).post(`/api/surveys/${survey.id}/questions/renumber`).expect(404);
    });
  });
});
