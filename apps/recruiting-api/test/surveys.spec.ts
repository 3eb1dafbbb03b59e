import { waitFor } from '@platform/testing/harness';
import { RESPONDENTS_DEPRECATED_AT, RESPONDENTS_SUNSET } from '../src/surveys/surveys.controller';
import { SEED_SURVEYS } from './support/warehouse-seed';
import { WarehouseSyncService } from '../src/surveys/warehouse-sync.service';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';

/** Survey data and survey imports over a warehouse seeded by the code of npm run warehouse:seed. */
describe('survey data and survey imports', () => {
  let t: RecruitingTestApp;
  const ids: Record<string, number> = {};
  let projectId: number;
  const as = (who: 'member' | 'viewer') => t.as(ids[who], who);
  const get = (path: string, expected = 200) => t.http().get(`/api/v1/surveys${path}`).set(as('viewer')).expect(expected);
  const USAGE = 'svy-2026-usage';

  beforeAll(async () => {
    t = await startRecruiting('recruiting_surveys', {}, { queue: true, warehouse: true });
    ids.member = await t.insertUser('member@example.com', 'Member', 'member');
    ids.viewer = await t.insertUser('viewer@example.com', 'Viewer', 'viewer');
    projectId = (await t.pool.query<{ id: number }>("INSERT INTO projects (name) VALUES ('Survey import') RETURNING id")).rows[0].id;
  });
  afterAll(async () => t?.close());

  describe('the survey list (metadata cache, filled at start-up)', () => {
    it('lists surveys newest response first, with search, sort, limit and offset', async () => {
      const all = await get('');
      expect(all.body.data).toEqual({
        surveys: [
          {
            surveyId: 'svy-2026-concept',
            name: '新商品コンセプト評価アンケート',
            lastModified: expect.any(String),
            fileCount: 1,
            respondentCount: 300,
          },
          { surveyId: USAGE, name: '2026年 サービス利用実態調査', lastModified: expect.any(String), fileCount: 3, respondentCount: 2000 },
          {
            surveyId: 'svy-2026-onboarding',
            name: 'Employee onboarding feedback 2026',
            lastModified: expect.any(String),
            fileCount: 2,
            respondentCount: 120,
          },
        ],
        total: 3,
        limit: 20,
        offset: 0,
      });
      expect((await get('?search=サービス')).body.data.surveys.map((s: { surveyId: string }) => s.surveyId)).toEqual([USAGE]);
      expect((await get('?search=ONBOARDING')).body.data.total).toBe(1);
      expect((await get('?sort=-respondentCount&limit=1&offset=1')).body.data).toMatchObject({
        surveys: [{ surveyId: 'svy-2026-concept' }],
        total: 3,
        limit: 1,
        offset: 1,
      });
      expect((await get('?sort=name')).body.data.surveys[0].surveyId).toBe(USAGE);
      for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'sort=size', 'limit=abc']) await get(`?${bad}`, 400);
    });

    it('reads the detail from the cache with its statistics; an unknown survey is 404', async () => {
      const res = await get(`/${USAGE}`);
      expect(res.body.data).toEqual({
        surveyId: USAGE,
        surveyName: '2026年 サービス利用実態調査',
        collectorName: 'Webパネル 本調査',
        statistics: {
          totalRespondents: 2000,
          completedRespondents: expect.any(Number),
          questionCount: 14,
          earliestResponseAt: expect.any(String),
          latestResponseAt: expect.any(String),
        },
        syncedAt: expect.any(String),
      });
      const completed = Number(
        (await t.pool.query(`SELECT count(*) FROM warehouse.panels WHERE survey_id = $1 AND is_completed`, [USAGE])).rows[0].count,
      );
      expect(res.body.data.statistics.completedRespondents).toBe(completed);
      expect(completed).toBeGreaterThan(1600);
      expect(completed).toBeLessThan(2000);
      for (const path of ['', '/questions', '/preview', '/panels', '/panels/p-2026-usage-00001', '/respondents'])
        await get(`/svy-unknown${path}`, 404);
    });

    it('answers 404 for a survey the warehouse has but the cache does not, until the cache is synchronised', async () => {
      await t.pool.query(`INSERT INTO warehouse.surveys (survey_id, name) VALUES ('svy-new', 'New survey')`);
      await get('/svy-new/questions', 404);
      expect(await t.app.get(WarehouseSyncService).sync()).toBe(4);
      await get('/svy-new/questions');
      await t.pool.query(`DELETE FROM warehouse.surveys WHERE survey_id = 'svy-new'`);
      await t.app.get(WarehouseSyncService).sync();
      await get('/svy-new', 404);
    });
  });

  describe('questions, preview and respondents', () => {
    it('lists questions with matrix items keyed question|||item, search, paging and options on request', async () => {
      const res = await get(`/${USAGE}/questions`);
      expect(res.body.data.total).toBe(14);
      expect(res.body.data.limit).toBe(50);
      expect(res.body.data.questions[0]).toEqual({ questionId: 'q1', questionText: '回答者ID', questionType: 'text' });
      expect(res.body.data.questions.map((q: { questionText: string }) => q.questionText)).toContain('サービスの満足度|||使いやすさ');
      expect(new Set(res.body.data.questions.map((q: { questionType: string }) => q.questionType))).toEqual(
        new Set(['text', 'single_select', 'number', 'multi_select', 'date']),
      );
      const matrix = await get(`/${USAGE}/questions?search=満足度&includeOptions=true&limit=2&offset=1`);
      expect(matrix.body.data).toEqual({
        surveyId: USAGE,
        questions: [
          {
            questionId: 'q9_2',
            questionText: 'サービスの満足度|||使いやすさ',
            questionType: 'single_select',
            options: ['とても満足', 'やや満足', 'どちらともいえない', 'やや不満', 'とても不満'],
          },
          { questionId: 'q9_3', questionText: 'サービスの満足度|||サポート', questionType: 'single_select', options: expect.any(Array) },
        ],
        total: 3,
        limit: 2,
        offset: 1,
      });
      await get(`/${USAGE}/questions?limit=201`, 400);
      await get(`/${USAGE}/questions?includeOptions=yes`, 400);
      expect((await get(`/${USAGE}/questions?limit=200`)).body.data.limit).toBe(200);
    });

    it('previews questions and five completed respondents', async () => {
      const res = await get(`/${USAGE}/preview`);
      expect(res.body.data.totalRespondents).toBe(2000);
      expect(res.body.data.questions).toHaveLength(14);
      expect(res.body.data.sampleRespondents).toHaveLength(5);
      expect(res.body.data.sampleRespondents[0]).toEqual({
        respondentId: expect.stringMatching(/^p-2026-usage-\d{5}$/),
        answers: expect.objectContaining({ 回答者ID: expect.stringMatching(/^R\d+$/), 'サービスの満足度|||価格': expect.any(String) }),
        completedAt: expect.any(String),
        metadata: expect.objectContaining({ isCompleted: true, platform: expect.any(String) }),
      });
    });

    it('lists panels with masked IP addresses, the completion filter, search, sort and paging', async () => {
      const res = await get(`/${USAGE}/panels?limit=100`);
      expect(res.body.data.total).toBe(2000);
      expect(res.body.data.panels).toHaveLength(100);
      const panel = res.body.data.panels[0];
      expect(panel.customKey === null || typeof panel.customKey === 'string').toBe(true);
      expect(panel).toEqual({
        panelId: expect.any(String),
        isCompleted: true,
        customKey: panel.customKey,
        completedAt: expect.any(String),
        deviceInfo: {
          platform: expect.any(String),
          browser: expect.any(String),
          browserVersion: expect.any(String),
          os: expect.any(String),
          resolution: expect.any(String),
          isMobile: expect.any(Boolean),
          ipAddress: expect.any(String),
        },
        createdAt: expect.any(String),
      });
      const completedAt = res.body.data.panels.map((p: { completedAt: string }) => p.completedAt);
      expect(completedAt).toEqual([...completedAt].sort().reverse());
      const raw = (await t.pool.query(`SELECT panel_id, ip_address FROM warehouse.panels WHERE survey_id = $1`, [USAGE])).rows;
      const ips = new Map(raw.map((r) => [r.panel_id, r.ip_address as string]));
      let v6 = 0;
      for (const p of res.body.data.panels as Array<{ panelId: string; deviceInfo: { ipAddress: string } }>) {
        const original = ips.get(p.panelId)!;
        if (original.includes(':')) {
          v6++;
          expect(p.deviceInfo.ipAddress).toBe(`${original.split(':').slice(0, 3).join(':')}::`);
        } else expect(p.deviceInfo.ipAddress).toBe(original.replace(/\.\d+$/, '.0'));
        expect(p.deviceInfo.ipAddress).not.toBe(original);
      }
      expect(v6).toBeGreaterThan(0);
      const incomplete = await get(`/${USAGE}/panels?isCompleted=false&sort=createdAt&limit=5`);
      expect(
        incomplete.body.data.panels.every((p: { isCompleted: boolean; completedAt: null }) => !p.isCompleted && p.completedAt === null),
      ).toBe(true);
      expect(incomplete.body.data.total).toBe(2000 - (await get(`/${USAGE}`)).body.data.statistics.completedRespondents);
      const found = await get(`/${USAGE}/panels?search=usage-00042`);
      expect(found.body.data.panels.map((p: { panelId: string }) => p.panelId)).toEqual(['p-2026-usage-00042']);
      expect((await get(`/${USAGE}/panels?offset=1990&limit=100`)).body.data.panels).toHaveLength(10);
      for (const bad of ['limit=101', 'offset=-1', 'isCompleted=maybe', 'sort=ip']) await get(`/${USAGE}/panels?${bad}`, 400);
    });

    it('reads one respondent with an answer row per question and option', async () => {
      const res = await get(`/${USAGE}/panels/p-2026-usage-00001?includeUnanswered=true`);
      expect(res.body.data.panel).toMatchObject({
        panelId: 'p-2026-usage-00001',
        urlParameter: expect.stringContaining('utm_source='),
        updatedAt: expect.any(String),
      });
      const rows = res.body.data.answers as Array<{
        questionSentence: string;
        answerItemSentence: string | null;
        subItemSentence: string | null;
        isAnswered: boolean;
      }>;
      expect(rows.filter((r) => r.questionSentence === '性別')).toHaveLength(4);
      expect(rows.filter((r) => r.subItemSentence === '価格')).toHaveLength(5);
      const summary = res.body.data.answersSummary;
      expect(summary.totalQuestions).toBe(14);
      expect(summary.answeredQuestions + summary.unansweredQuestions).toBe(14);
      const answered = await get(`/${USAGE}/panels/p-2026-usage-00001`);
      expect(answered.body.data.answers.every((r: { isAnswered: boolean }) => r.isAnswered)).toBe(true);
      await get(`/${USAGE}/panels/p-unknown`, 404);
      await get(`/${USAGE}/panels/p-2026-usage-00001?includeUnanswered=1`, 400);
    });

    it('serves the deprecated respondents route with a Deprecation header and answers pivoted by question', async () => {
      const res = await get(`/${USAGE}/respondents?limit=1000&onlyCompleted=true`);
      expect(res.headers.deprecation).toBe(RESPONDENTS_DEPRECATED_AT);
      expect(res.headers.sunset).toBe(RESPONDENTS_SUNSET);
      expect(new Date(RESPONDENTS_SUNSET).getTime() - 1767225600_000).toBeGreaterThanOrEqual(180 * 86_400_000);
      expect(res.body.data.respondents).toHaveLength(1000);
      expect(res.body.data.total).toBe((await get(`/${USAGE}`)).body.data.statistics.completedRespondents);
      expect(res.body.data.respondents[0].answers['サービスの満足度|||サポート']).toEqual(expect.any(String));
      expect(Array.isArray(res.body.data.respondents[0].answers['利用しているサービス(複数選択)'] ?? [])).toBe(true);
      await get(`/${USAGE}/respondents?limit=1001`, 400);
      await get(`/${USAGE}/respondents?offset=-1`, 400);
    });
  });

  describe('survey imports', () => {
    const base = () => `/api/v1/projects/${projectId}/candidates/import/survey`;
    const MAPPING = {
      externalUserId: { type: 'direct', sourceField: '回答者ID' },
      name: { type: 'direct', sourceField: 'お名前' },
      email: { type: 'direct', sourceField: 'メールアドレス' },
    };
    const FILTER = { conditions: [{ field: 'インタビュー参加への関心', operator: 'equals', value: '参加したい' }], logic: 'and' };

    it('previews the mapped rows and counts before and after the filter, writing nothing', async () => {
      const res = await t
        .http()
        .post(`${base()}/preview`)
        .set(as('member'))
        .send({ surveyId: USAGE, mapping: MAPPING, filter: FILTER, sampleSize: 3 })
        .expect(200);
      const expected = Number(
        (
          await t.pool.query(
            `SELECT count(*) FROM warehouse.panels WHERE survey_id = $1 AND answers ->> 'インタビュー参加への関心' = '参加したい'`,
            [USAGE],
          )
        ).rows[0].count,
      );
      expect(res.body.data).toEqual({
        surveyId: USAGE,
        totalRespondents: 2000,
        filteredRespondents: expected,
        sampleData: [
          { externalUserId: expect.stringMatching(/^R\d+$/), name: expect.any(String), email: expect.stringContaining('@') },
          expect.any(Object),
          expect.any(Object),
        ],
        warnings: expect.any(Array),
      });
      const multi = await t
        .http()
        .post(`${base()}/preview`)
        .set(as('member'))
        .send({
          surveyId: USAGE,
          mapping: MAPPING,
          filter: { conditions: [{ field: '利用しているサービス(複数選択)', operator: 'equals', value: '電子書籍' }] },
        })
        .expect(200);
      expect(multi.body.data.filteredRespondents).toBeGreaterThan(0);
      expect(multi.body.data.filteredRespondents).toBeLessThan(2000);
      const none = await t
        .http()
        .post(`${base()}/preview`)
        .set(as('member'))
        .send({ surveyId: USAGE, mapping: MAPPING, filter: { conditions: [{ field: '年齢', operator: 'equals', value: 999 }] } })
        .expect(200);
      expect(none.body.data).toMatchObject({
        filteredRespondents: 0,
        sampleData: [],
        warnings: ['No respondent matches the filter: the import would add nothing'],
      });
      expect((await t.pool.query('SELECT count(*)::int AS n FROM import_logs')).rows[0].n).toBe(0);
    });

    it('refuses unknown surveys with 404, unknown questions and bad bodies with 400, viewers with 403', async () => {
      await t.http().post(`${base()}/preview`).set(as('member')).send({ surveyId: 'svy-unknown', mapping: MAPPING }).expect(404);
      await t.http().post(base()).set(as('member')).send({ surveyId: 'svy-unknown', mapping: MAPPING }).expect(404);
      await t
        .http()
        .post(`/api/v1/projects/999999/candidates/import/survey/preview`)
        .set(as('member'))
        .send({ surveyId: USAGE, mapping: MAPPING })
        .expect(404);
      const bad = await t
        .http()
        .post(`${base()}/preview`)
        .set(as('member'))
        .send({ surveyId: USAGE, mapping: { ...MAPPING, email: { type: 'direct', sourceField: 'Email' } } })
        .expect(400);
      expect(bad.body.error.details).toEqual([{ field: 'mapping.email.sourceField', message: 'The survey has no question "Email"' }]);
      await t.http().post(`${base()}/preview`).set(as('member')).send({ surveyId: USAGE, mapping: MAPPING, sampleSize: 101 }).expect(400);
      await t
        .http()
        .post(`${base()}/preview`)
        .set(as('member'))
        .send({ surveyId: USAGE, mapping: MAPPING, filter: { conditions: [{ field: 'x', operator: 'contains', value: 'a' }] } })
        .expect(400);
      await t.http().post(base()).set(as('viewer')).send({ surveyId: USAGE, mapping: MAPPING }).expect(403);
      expect((await t.pool.query('SELECT count(*)::int AS n FROM import_logs')).rows[0].n).toBe(0);
    });

    it('imports the filtered respondents in the background: 201 at once with zero counts, then the status', async () => {
      const res = await t.http().post(base()).set(as('member')).send({ surveyId: USAGE, mapping: MAPPING, filter: FILTER }).expect(201);
      expect(res.body.data).toMatchObject({
        importLogId: expect.any(Number),
        kind: 'survey',
        status: 'processing',
        importedCount: 0,
        skippedCount: 0,
        errorCount: 0,
        duplicateCount: 0,
        errors: [],
      });
      const status = await waitFor(
        async () => {
          const r = await t
            .http()
            .get(`/api/v1/projects/${projectId}/candidates/import/${res.body.data.importLogId}/status`)
            .set(as('viewer'))
            .expect(200);
          return ['completed', 'partial', 'failed'].includes(r.body.data.status) ? r.body.data : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 50, what: 'the survey import' },
      );
      const panels = (
        await t.pool.query(
          `SELECT panel_id, answers FROM warehouse.panels WHERE survey_id = $1 AND answers ->> 'インタビュー参加への関心' = '参加したい' ORDER BY seq`,
          [USAGE],
        )
      ).rows;
      const bad = panels.filter((p) => !/^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/.test(p.answers['メールアドレス']));
      expect(bad.length).toBeGreaterThan(0);
      expect(status).toMatchObject({
        status: 'partial',
        importedCount: panels.length - bad.length,
        errorCount: bad.length,
        duplicateCount: 0,
        processedRows: panels.length,
      });
      expect(status.errors[0]).toEqual({
        row: panels.indexOf(bad[0]) + 1,
        respondentId: bad[0].panel_id,
        field: 'email',
        message: `Not an email address: ${bad[0].answers['メールアドレス']}`,
      });
      const one = await t.pool.query(
        `SELECT c.external_user_id, c.name, c.email, pc.survey_responses FROM project_candidates pc JOIN candidates c ON c.id = pc.candidate_id
         WHERE pc.project_id = $1 AND c.external_user_id = $2`,
        [projectId, panels[0].answers['回答者ID']],
      );
      expect(one.rows[0]).toEqual({
        external_user_id: panels[0].answers['回答者ID'],
        name: panels[0].answers['お名前'],
        email: panels[0].answers['メールアドレス'],
        survey_responses: panels[0].answers,
      });
      // Filterable like any import: the matrix answers are survey response fields.
      const list = await t
        .http()
        .get(
          `/api/v1/projects/${projectId}/candidates?responseFilter=${encodeURIComponent(JSON.stringify([{ field: 'サービスの満足度|||価格', operator: 'eq', value: 'とても満足' }]))}`,
        )
        .set(as('viewer'))
        .expect(200);
      expect(list.body.pagination.totalCount).toBeGreaterThan(0);
    });
  });

  it('seeds three surveys with the respondents the issue asks for', () => {
    expect(SEED_SURVEYS.map((s) => s.respondents)).toEqual([2000, 300, 120]);
  });
});

/** Without WAREHOUSE_URL and AMQP_URL: the routes that need them answer 503 and write nothing; uploads over the limit 413. */
describe('recruiting-api without the warehouse and the queue', () => {
  let t: RecruitingTestApp;
  let member: number;
  let projectId: number;

  beforeAll(async () => {
    t = await startRecruiting('recruiting_no_deps', { IMPORT_MAX_BYTES: '4096' });
    member = await t.insertUser('member@example.com', 'Member', 'member');
    projectId = (await t.pool.query<{ id: number }>("INSERT INTO projects (name) VALUES ('P') RETURNING id")).rows[0].id;
  });
  afterAll(async () => t?.close());

  it('answers 503 DATA_WAREHOUSE_NOT_CONFIGURED for the survey list and survey imports, 404 for unknown surveys', async () => {
    const list = await t.http().get('/api/v1/surveys').set(t.as(member, 'member')).expect(503);
    expect(list.body.error.code).toBe('DATA_WAREHOUSE_NOT_CONFIGURED');
    await t.http().get('/api/v1/surveys/svy-2026-usage').set(t.as(member, 'member')).expect(404);
    const body = {
      surveyId: 'svy-2026-usage',
      mapping: {
        externalUserId: { type: 'direct', sourceField: 'a' },
        name: { type: 'direct', sourceField: 'b' },
        email: { type: 'direct', sourceField: 'c' },
      },
    };
    const preview = await t
      .http()
      .post(`/api/v1/projects/${projectId}/candidates/import/survey/preview`)
      .set(t.as(member, 'member'))
      .send(body)
      .expect(503);
    expect(preview.body.error.code).toBe('DATA_WAREHOUSE_NOT_CONFIGURED');
    await t.http().post(`/api/v1/projects/${projectId}/candidates/import/survey`).set(t.as(member, 'member')).send(body).expect(503);
  });

  it('answers 503 QUEUE_UNAVAILABLE for execute without writing an import log, and 413 above IMPORT_MAX_BYTES', async () => {
    const up = await t
      .http()
      .post(`/api/v1/projects/${projectId}/candidates/import/upload`)
      .set(t.as(member, 'member'))
      .attach('file', Buffer.from('ID\t氏名\tメール\n1\tA\ta@example.jp\n'), 'small.tsv')
      .expect(200);
    const res = await t
      .http()
      .post(`/api/v1/projects/${projectId}/candidates/import/${up.body.data.file_id}/execute`)
      .set(t.as(member, 'member'))
      .send({ mapping: { external_user_id: { column_index: 0 }, name: { column_index: 1 }, email: { column_index: 2 } } })
      .expect(503);
    expect(res.body.error.code).toBe('QUEUE_UNAVAILABLE');
    expect((await t.pool.query('SELECT count(*)::int AS n FROM import_logs')).rows[0].n).toBe(0);
    const big = await t
      .http()
      .post(`/api/v1/projects/${projectId}/candidates/import/upload`)
      .set(t.as(member, 'member'))
      .attach('file', Buffer.alloc(5000, 'a'), 'big.tsv')
      .expect(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await t.pool.query('SELECT count(*)::int AS n FROM import_files')).rows[0].n).toBe(1);
  });
});

/** A warehouse that does not answer at start-up: the app starts anyway with an empty cache (the sync failure is logged). */
describe('recruiting-api with an unreachable warehouse', () => {
  let t: RecruitingTestApp;
  let viewer: number;

  beforeAll(async () => {
    t = await startRecruiting('recruiting_warehouse_down', { WAREHOUSE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' });
    viewer = await t.insertUser('viewer@example.com', 'Viewer', 'viewer');
  });
  afterAll(async () => t?.close());

  it('starts, lists no survey and answers 404 for any survey', async () => {
    const list = await t.http().get('/api/v1/surveys').set(t.as(viewer, 'viewer')).expect(200);
    expect(list.body.data).toEqual({ surveys: [], total: 0, limit: 20, offset: 0 });
    await t.http().get('/api/v1/surveys/svy-2026-usage/panels').set(t.as(viewer, 'viewer')).expect(404);
  });
});
