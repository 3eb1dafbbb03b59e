import { ADMIN, type Builder, createSurvey, startBuilder, THEME } from './builder-kit';

describe('surveys on a real PostgreSQL', () => {
  let builder: Builder;
  const alice = { email: 'alice@example.com', name: 'Alice' };
  const bob = { email: 'bob@example.com', name: 'Bob' };

  beforeAll(async () => {
    builder = await startBuilder();
  });
  afterAll(() => builder?.close());

  describe('identity', () => {
    it('answers 401 without both user headers', async () => {
      const res = await builder.http().get('/api/surveys').expect(401);
      expect(res.body).toEqual({ ok: false, error: expect.objectContaining({ code: 'UNAUTHENTICATED' }) });
      await builder.http().get('/api/surveys').set('x-user-email', 'a@example.com').expect(401);
      await builder.http().get('/api/surveys').set('x-user-name', 'A').expect(401);
    });

    it('creates the user on first sight and keeps the name current', async () => {
      const carol = { email: 'carol@example.com', name: 'Carol' };
      const survey = await createSurvey(builder.as(carol));
      expect(survey.permissions).toEqual([{ userId: expect.any(String), userName: 'Carol', roleType: 'edit' }]);
      const renamed = await builder
        .as({ ...carol, name: '山田 キャロル' })
        .get(`/api/surveys/${survey.id}`)
        .expect(200);
      expect(renamed.body.data.permissions[0].userName).toBe('山田 キャロル');
      expect(renamed.body.data.createdBy).toBe(survey.permissions[0].userId);
    });
  });

  describe('create and read', () => {
    it('creates survey, version 1, latest pointer, creator edit permission and the initial draft', async () => {
      const survey = await createSurvey(builder.as(alice), { promptText: 'ペットボトル緑茶' });
      expect(survey).toMatchObject({
        ...THEME,
        promptText: 'ペットボトル緑茶',
        status: '下書き',
        latestVersionNo: 1,
        createdBy: survey.updatedBy,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect(survey.versions).toEqual([
        expect.objectContaining({ versionNo: 1, status: '下書き', sourceVersionId: null, rollbackFromVersionId: null }),
      ]);
      expect(survey.versions[0].snapshotSections).toBeUndefined();
      expect(survey.sections.map((s: { title: string }) => s.title)).toEqual(['調査のご案内', 'スクリーニング', '本調査']);
      const codes = survey.sections.flatMap((s: { questions: Array<{ code: string }> }) => s.questions.map((q) => q.code));
      expect(codes).toEqual(['T1', 'Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6', 'Q7']);
      expect(survey.sections[1]).toMatchObject({ sortOrder: 2, questionCount: 3, pageCount: 3, generatedBy: 'initial' });
      const detail = await builder.as(alice).get(`/api/surveys/${survey.id}`).expect(200);
      expect(detail.body).toEqual({ ok: true, data: survey });
    });

    it('creates an empty survey when generateInitialContent is false, with promptText empty', async () => {
      const survey = await createSurvey(builder.as(alice), { generateInitialContent: false });
      expect(survey).toMatchObject({ promptText: '', sections: [] });
    });

    it('refuses malformed bodies naming the fields', async () => {
      const res = await builder.as(alice).post('/api/surveys', { title: 't', clientName: 3, unknown: true }).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(
        expect.arrayContaining(['clientName', 'objective', 'deliveryArea', 'category', 'unknown']),
      );
    });

    it('hides surveys from users without permission (404) and refuses non-uuid ids (400)', async () => {
      const survey = await createSurvey(builder.as(alice));
      await builder.as(bob).get(`/api/surveys/${survey.id}`).expect(404);
      await builder.as(bob).get(`/api/surveys/${survey.id}/theme`).expect(404);
      await builder.as(bob).patch(`/api/surveys/${survey.id}`, { title: 'x' }).expect(404);
      await builder.as(alice).get('/api/surveys/not-a-uuid').expect(400);
      await builder.as(alice).get('/api/surveys/5b9f0a6e-0000-4000-8000-000000000000').expect(404);
    });

    it('lets administrators view and edit every survey', async () => {
      const survey = await createSurvey(builder.as(alice));
      await builder.as(ADMIN).get(`/api/surveys/${survey.id}`).expect(200);
      const patched = await builder.as(ADMIN).patch(`/api/surveys/${survey.id}`, { title: 'admin edit' }).expect(200);
      expect(patched.body.data.title).toBe('admin edit');
    });
  });

  describe('update, archive, delete', () => {
    it('PATCH changes only the fields sent and records who changed them', async () => {
      const survey = await createSurvey(builder.as(alice));
      const res = await builder.as(alice).patch(`/api/surveys/${survey.id}`, { clientName: '新茶舗', status: 'レビュー中' }).expect(200);
      expect(res.body.data).toMatchObject({ title: THEME.title, clientName: '新茶舗', status: 'レビュー中', objective: THEME.objective });
      await builder.as(alice).patch(`/api/surveys/${survey.id}`, { status: 'done' }).expect(400);
    });

    it('view permission is not enough to edit', async () => {
      const survey = await createSurvey(builder.as(alice));
      const bobUser = (await builder.as(bob).get('/api/surveys').expect(200)).body;
      expect(bobUser.ok).toBe(true);
      const bobId = await userIdOf(bob);
      await builder
        .as(alice)
        .put(`/api/surveys/${survey.id}/permissions`, {
          permissions: [...survey.permissions, { userId: bobId, userName: 'Bob', roleType: 'view' }],
        })
        .expect(200);
      await builder.as(bob).get(`/api/surveys/${survey.id}`).expect(200);
      await builder.as(bob).patch(`/api/surveys/${survey.id}`, { title: 'x' }).expect(404);
      await builder.as(bob).post(`/api/surveys/${survey.id}/archive`).expect(404);
    });

    it('archive sets アーカイブ', async () => {
      const survey = await createSurvey(builder.as(alice));
      const res = await builder.as(alice).post(`/api/surveys/${survey.id}/archive`).expect(200);
      expect(res.body.data.status).toBe('アーカイブ');
    });

    it('delete is for the creator or an administrator: 403 for others, 404 when missing or already deleted', async () => {
      const survey = await createSurvey(builder.as(alice));
      await builder.as(bob).delete(`/api/surveys/${survey.id}`).expect(403);
      await builder
        .as(alice)
        .delete(`/api/surveys/${survey.id}`)
        .expect(200, { ok: true, data: { deleted: true } });
      await builder.as(alice).delete(`/api/surveys/${survey.id}`).expect(404);
      await builder.as(alice).get(`/api/surveys/${survey.id}`).expect(404);
      const other = await createSurvey(builder.as(alice));
      await builder.as(ADMIN).delete(`/api/surveys/${other.id}`).expect(200);
    });
  });

  describe('list', () => {
    it('filters by keyword, status and archive flag, sorts, pulls favorites first, and hides deleted ones', async () => {
      const dave = { email: 'dave@example.com', name: 'Dave' };
      const client = builder.as(dave);
      const a = await createSurvey(client, { title: 'Alpha 調査', clientName: 'ACME', generateInitialContent: false });
      const b = await createSurvey(client, { title: 'Beta 調査', clientName: 'Bolt', generateInitialContent: false });
      const c = await createSurvey(client, { title: 'Gamma', clientName: 'ACME West', generateInitialContent: false });
      const gone = await createSurvey(client, { title: 'Deleted', generateInitialContent: false });
      await client.delete(`/api/surveys/${gone.id}`).expect(200);
      await client.post(`/api/surveys/${b.id}/archive`).expect(200);
      const titles = async (query: string) =>
        (await client.get(`/api/surveys${query}`).expect(200)).body.data.map((s: { title: string }) => s.title);

      expect(await titles('')).toEqual(['Gamma', 'Alpha 調査']);
      expect(await titles('?includeArchived=true&sort=titleAsc')).toEqual(['Alpha 調査', 'Beta 調査', 'Gamma']);
      expect(await titles('?sort=titleDesc')).toEqual(['Gamma', 'Alpha 調査']);
      expect(await titles('?sort=updatedAtAsc')).toEqual(['Alpha 調査', 'Gamma']);
      expect(await titles('?q=acme')).toEqual(['Gamma', 'Alpha 調査']);
      expect(await titles('?q=%E8%AA%BF%E6%9F%BB&includeArchived=true&sort=titleAsc')).toEqual(['Alpha 調査', 'Beta 調査']);
      expect(await titles('?status=アーカイブ'.replace('アーカイブ', encodeURIComponent('アーカイブ')))).toEqual(['Beta 調査']);

      await client
        .put(`/api/surveys/${a.id}/favorite`, { favorite: true })
        .expect(200, { ok: true, data: { surveyId: a.id, favorite: true } });
      const list = (await client.get('/api/surveys').expect(200)).body.data;
      expect(list.map((s: { title: string }) => s.title)).toEqual(['Alpha 調査', 'Gamma']);
      expect(list[0]).toMatchObject({ favorite: true, sectionCount: 0 });
      expect(list[0].sections).toBeUndefined();
      expect(list[0].permissions).toBeUndefined();
      await client.put(`/api/surveys/${a.id}/favorite`, { favorite: false }).expect(200);
      expect(await titles('')).toEqual(['Gamma', 'Alpha 調査']);
      expect(c.id).toBeDefined();
    });

    it('refuses malformed queries', async () => {
      await builder.as(alice).get('/api/surveys?sort=nameAsc').expect(400);
      await builder.as(alice).get('/api/surveys?includeArchived=yes').expect(400);
      await builder.as(alice).get('/api/surveys?status=done').expect(400);
    });

    it('counts sections of the latest version', async () => {
      const erin = { email: 'erin@example.com', name: 'Erin' };
      await createSurvey(builder.as(erin));
      const [entry] = (await builder.as(erin).get('/api/surveys').expect(200)).body.data;
      expect(entry.sectionCount).toBe(3);
    });

    it('shows administrators every survey', async () => {
      const adminList = (await builder.as(ADMIN).get('/api/surveys?includeArchived=true').expect(200)).body.data;
      const aliceList = (await builder.as(alice).get('/api/surveys?includeArchived=true').expect(200)).body.data;
      expect(adminList.length).toBeGreaterThan(aliceList.length);
    });
  });

  describe('theme', () => {
    it('reads the stored strings as presets and free text, and writes them back', async () => {
      const survey = await createSurvey(builder.as(alice), {
        objective: '認知度調査、若年層の実態',
        deliveryArea: '全国',
        category: '飲料、緑茶',
      });
      const theme = (await builder.as(alice).get(`/api/surveys/${survey.id}/theme`).expect(200)).body.data;
      expect(theme).toEqual({
        title: THEME.title,
        clientName: THEME.clientName,
        objective: { presets: ['認知度調査'], customText: '若年層の実態' },
        deliveryArea: { preset: '全国', customText: '' },
        categories: { labels: ['飲料'], freeText: '緑茶' },
        promptText: '',
        status: '下書き',
      });
      const updated = await builder
        .as(alice)
        .patch(`/api/surveys/${survey.id}/theme`, {
          ...theme,
          status: undefined,
          objective: { presets: ['満足度調査', '認知度調査'], customText: '' },
          deliveryArea: { preset: null, customText: '札幌市' },
        })
        .expect(200);
      expect(updated.body.data.objective).toEqual({ presets: ['満足度調査', '認知度調査'], customText: '' });
      const stored = (await builder.as(alice).get(`/api/surveys/${survey.id}`).expect(200)).body.data;
      expect(stored).toMatchObject({ objective: '満足度調査、認知度調査', deliveryArea: '札幌市', category: '飲料、緑茶' });
    });

    it('needs every theme field on update', async () => {
      const survey = await createSurvey(builder.as(alice));
      const res = await builder.as(alice).patch(`/api/surveys/${survey.id}/theme`, { title: 'x' }).expect(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(
        expect.arrayContaining(['clientName', 'objective', 'deliveryArea', 'categories', 'promptText']),
      );
    });

    it('refuses a preset and a custom text that together are longer than the stored field (read back, they would be longer than customText may be)', async () => {
      const survey = await createSurvey(builder.as(alice));
      const theme = (await builder.as(alice).get(`/api/surveys/${survey.id}/theme`).expect(200)).body.data;
      const res = await builder
        .as(alice)
        .patch(`/api/surveys/${survey.id}/theme`, {
          ...theme,
          status: undefined,
          deliveryArea: { preset: '首都圏', customText: 'x'.repeat(2000) },
        })
        .expect(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'deliveryArea' })] });
      expect((await builder.as(alice).get(`/api/surveys/${survey.id}`).expect(200)).body.data.deliveryArea).toBe(survey.deliveryArea);
    });
  });

  describe('duplicate, copies, export', () => {
    it('duplicates the latest version into a new survey marked 複製, with permissions carried over', async () => {
      const survey = await createSurvey(builder.as(alice));
      const bobId = await userIdOf(bob);
      await builder
        .as(alice)
        .put(`/api/surveys/${survey.id}/permissions`, {
          permissions: [...survey.permissions, { userId: bobId, userName: 'Bob', roleType: 'view' }],
        })
        .expect(200);
      const copy = (await builder.as(bob).post(`/api/surveys/${survey.id}/duplicate`).expect(201)).body.data;
      expect(copy).toMatchObject({ title: `${THEME.title}（複製）`, latestVersionNo: 1, status: '下書き' });
      expect(copy.id).not.toBe(survey.id);
      expect(copy.sections.map((s: { title: string }) => s.title)).toEqual(survey.sections.map((s: { title: string }) => s.title));
      expect(copy.sections[0].id).not.toBe(survey.sections[0].id);
      expect(copy.permissions.map((p: { userName: string; roleType: string }) => [p.userName, p.roleType]).sort()).toEqual([
        ['Alice', 'edit'],
        ['Bob', 'edit'],
      ]);
    });

    it('copies a survey from a numbered version (survey-copies), 404 for an unknown version', async () => {
      const survey = await createSurvey(builder.as(alice));
      await builder.as(alice).post(`/api/surveys/${survey.id}/save`).expect(201);
      await builder.as(alice).delete(`/api/sections/${survey.sections[0].id}`).expect(404);
      const latest = (await builder.as(alice).get(`/api/surveys/${survey.id}`).expect(200)).body.data;
      await builder.as(alice).delete(`/api/sections/${latest.sections[0].id}`).expect(200);
      const fromV1 = (await builder.as(alice).post('/api/survey-copies', { sourceSurveyId: survey.id, sourceVersionNo: 1 }).expect(201))
        .body.data;
      expect(fromV1.sections).toHaveLength(3);
      const fromLatest = (await builder.as(alice).post('/api/survey-copies', { sourceSurveyId: survey.id }).expect(201)).body.data;
      expect(fromLatest.sections).toHaveLength(2);
      await builder.as(alice).post('/api/survey-copies', { sourceSurveyId: survey.id, sourceVersionNo: 9 }).expect(404);
      await builder.as(alice).post('/api/survey-copies', { sourceSurveyId: 'nope' }).expect(400);
      await builder.as(bob).post('/api/survey-copies', { sourceSurveyId: fromV1.id }).expect(404);
    });

    it('exports the questionnaire, marks survey and latest version 出力済み, and replaces its library entries', async () => {
      const survey = await createSurvey(builder.as(alice), { category: '飲料' });
      const alias = await builder.as(alice).post(`/api/surveys/${survey.id}/exports`).expect(200);
      const exported = (await builder.as(alice).post(`/api/surveys/${survey.id}/export`).expect(200)).body.data;
      expect(alias.body.data.sections).toEqual(exported.sections);
      expect(exported).toMatchObject({
        surveyId: survey.id,
        title: THEME.title,
        status: '出力済み',
        exportedAt: expect.any(String),
        metadata: {
          clientName: THEME.clientName,
          objective: THEME.objective,
          deliveryArea: THEME.deliveryArea,
          category: '飲料',
          promptText: '',
          latestVersionNo: 1,
        },
      });
      const question = exported.sections[2].questions[2];
      expect(question).toMatchObject({
        code: 'Q6',
        questionType: 'matrix',
        isSingleMatrixSelect: true,
        branchRules: [],
        visibilityRules: [],
      });
      expect(question.matrixColumns[0]).toEqual({
        label: 'とてもそう思う',
        isExclusive: false,
        allowOtherInput: false,
        isNotApplicable: false,
        axis: 'column',
        placeholder: null,
        fieldIsRequired: null,
      });
      const detail = (await builder.as(alice).get(`/api/surveys/${survey.id}`).expect(200)).body.data;
      expect(detail.status).toBe('出力済み');
      expect(detail.versions[0].status).toBe('出力済み');

      const library = async () =>
        (await builder.as(alice).get('/api/question-library?limit=1000').expect(200)).body.data.filter(
          (i: { sourceSurveyId: string }) => i.sourceSurveyId === survey.id,
        );
      const entries = await library();
      expect(entries).toHaveLength(8);
      expect(entries.find((e: { sectionTitle: string; questionType: string }) => e.questionType === 'matrix')).toMatchObject({
        sourceSurveyTitle: THEME.title,
        sourceSectionId: expect.any(String),
        sourceQuestionId: expect.any(String),
        sourceExternalSurveyId: null,
        category: '飲料',
        sectionTitle: '本調査',
        normalizedPayload: {
          options: [{ label: '魅力的だ' }, { label: '購入したい' }, { label: '人に勧めたい' }].map((o) => expect.objectContaining(o)),
          subItems: expect.arrayContaining([{ label: 'とてもそう思う' }]),
        },
      });
      await builder.as(ADMIN).delete(`/api/question-library/${entries[0].id}`).expect(200);
      expect(await library()).toHaveLength(7);
      await builder.as(alice).post(`/api/surveys/${survey.id}/export`).expect(200);
      expect(await library()).toHaveLength(8);
    });
  });

  describe('theme-assists', () => {
    it('ranks library questions: prompt text 4, category 3, section title 2; top five scoring at least 1', async () => {
      const frank = builder.as({ email: 'frank@example.com', name: 'Frank' });
      const exportSurvey = async (category: string, sectionTitle: string, prompts: string[]) => {
        const survey = await createSurvey(frank, { category, generateInitialContent: false });
        const section = (await frank.post(`/api/surveys/${survey.id}/sections`, { title: sectionTitle }).expect(201)).body.data;
        for (const [index, promptText] of prompts.entries()) {
          await frank.patch(`/api/questions/${section.questions[index].id}`, { promptText }).expect(200);
        }
        await frank.post(`/api/surveys/${survey.id}/export`).expect(200);
      };
      await exportSurvey('ワガシ', 'ズンダモチ', ['ズンダモチの甘さは', 'その理由は']);
      await exportSurvey('飲料', 'パッケージ', ['ズンダモチ味は', '色は']);
      await exportSurvey('ワガシ', 'その他', []);

      const res = await builder
        .as(alice)
        .post('/api/theme-assists', {
          title: 'ズンダモチ',
          clientName: 'X',
          objective: { presets: [], customText: '' },
          deliveryArea: { preset: null, customText: '' },
          category: 'ワガシ',
        })
        .expect(200);
      const { relatedQuestions, suggestedCategories, recommendedSections } = res.body.data;
      expect(
        relatedQuestions.map((q: { promptText: string; category: string; sectionTitle: string }) => [
          q.promptText,
          q.category,
          q.sectionTitle,
        ]),
      ).toEqual([
        ['ズンダモチの甘さは', 'ワガシ', 'ズンダモチ'],
        ['その理由は', 'ワガシ', 'ズンダモチ'],
        ['ズンダモチ味は', '飲料', 'パッケージ'],
        [expect.stringContaining('その他'), 'ワガシ', 'その他'],
        [expect.stringContaining('その他'), 'ワガシ', 'その他'],
      ]);
      expect(relatedQuestions[0]).toEqual({
        id: expect.any(String),
        category: 'ワガシ',
        sectionTitle: 'ズンダモチ',
        promptText: 'ズンダモチの甘さは',
        questionType: 'single',
      });
      expect(suggestedCategories).toEqual(['ワガシ', '飲料']);
      expect(recommendedSections).toEqual(['調査のご案内', 'スクリーニング', '本調査', 'ズンダモチ', 'パッケージ', 'その他']);

      const none = await builder
        .as(alice)
        .post('/api/theme-assists', { title: 'zz', clientName: 'zz', objective: '', deliveryArea: '', category: '' })
        .expect(200);
      expect(none.body.data.relatedQuestions).toEqual([]);
      await builder
        .as(alice)
        .post('/api/theme-assists', { title: 'x', clientName: 'y', objective: 3, deliveryArea: '', category: '' })
        .expect(400);
    });
  });

  async function userIdOf(user: { email: string; name: string }): Promise<string> {
    const survey = await createSurvey(builder.as(user), { generateInitialContent: false });
    const id = survey.permissions[0].userId;
    await builder.as(user).delete(`/api/surveys/${survey.id}`).expect(200);
    return id;
  }
});
