import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { rawRequester } from '@platform/testing/harness';
import { type Builder, createSurvey, startBuilder } from './builder-kit';

describe('versions on a real PostgreSQL', () => {
  let builder: Builder;
  const alice = { email: 'alice@example.com', name: 'Alice' };
  const bob = { email: 'bob@example.com', name: 'Bob' };
  const stableIds = async (versionId: string) => {
    const rows = await builder.app
      .get(DataSource)
      .query(
        `SELECT q.stable_id FROM question q JOIN section s ON s.id = q.section_id WHERE q.version_id = $1 ORDER BY s.sort_order, q.sort_order`,
        [versionId],
      );
    return rows.map((r: { stable_id: string }) => r.stable_id);
  };

  beforeAll(async () => {
    builder = await startBuilder();
  });
  afterAll(() => builder?.close());

  it('saves: the working copy is copied into a new latest version (stable ids kept, row ids new), which the save answers', async () => {
    const client = builder.as(alice);
    const survey = await createSurvey(client);
    const saved = (await client.post(`/api/surveys/${survey.id}/save`).expect(201)).body.data;
    // The answer is the version the save created: N+1, copied from N, with the new rows' own ids.
    expect(saved).toMatchObject({ versionNo: 2, sourceVersionId: survey.versions[0].id, status: '下書き', rollbackFromVersionId: null });
    expect(saved.id).not.toBe(survey.versions[0].id);
    const working = (await client.get(`/api/surveys/${survey.id}`).expect(200)).body.data;
    expect(working.latestVersionNo).toBe(2);
    expect(working.versions[1]).toEqual({ ...saved, snapshotSections: undefined });
    expect(saved.snapshotSections).toEqual(working.sections);
    expect(working.sections[0].id).not.toBe(survey.sections[0].id);
    expect(working.sections[1].questions[0].options[0].id).not.toBe(survey.sections[1].questions[0].options[0].id);
    expect(await stableIds(saved.id)).toEqual(await stableIds(survey.versions[0].id));
    // Exactly what the history holds for the new version, and version 1 as it was created.
    const saves = (await client.get(`/api/surveys/${survey.id}/versions`).expect(200)).body.data;
    expect(saves[1]).toEqual(saved);
    expect(saves[0]).toMatchObject({ id: survey.versions[0].id, versionNo: 1, sourceVersionId: null });
    expect(saves[0].snapshotSections).toEqual(survey.sections);

    const alias = (await client.post(`/api/surveys/${survey.id}/versions`).expect(201)).body.data;
    expect(alias).toMatchObject({ versionNo: 3, sourceVersionId: saved.id });

    const latest = (await client.get(`/api/surveys/${survey.id}`).expect(200)).body.data;
    expect(latest.latestVersionNo).toBe(3);
    await client.patch(`/api/sections/${latest.sections[0].id}`, { title: 'changed in v3' }).expect(200);
    await client.patch(`/api/sections/${survey.sections[0].id}`, { title: 'old version' }).expect(404);
    const history = (await client.get(`/api/surveys/${survey.id}/versions`).expect(200)).body.data;
    expect(history.map((v: { versionNo: number }) => v.versionNo)).toEqual([1, 2, 3]);
    expect(history.map((v: { snapshotSections: Array<{ title: string }> }) => v.snapshotSections[0].title)).toEqual([
      '調査のご案内',
      '調査のご案内',
      'changed in v3',
    ]);
    expect(history[2].snapshotSections[1].questions[0]).toMatchObject({ code: 'Q1', options: expect.any(Array) });
  });

  it('rolls back by creating a new version that restores the old one and appears in the history', async () => {
    const client = builder.as(alice);
    const survey = await createSurvey(client);
    await client.post(`/api/surveys/${survey.id}/save`).expect(201);
    const v2 = (await client.get(`/api/surveys/${survey.id}`).expect(200)).body.data;
    await client.delete(`/api/sections/${v2.sections[2].id}`).expect(200);
    await client.patch(`/api/sections/${v2.sections[0].id}`, { title: 'edited' }).expect(200);

    const rolled = (await client.post(`/api/surveys/${survey.id}/versions/1/rollback`).expect(201)).body.data;
    expect(rolled).toMatchObject({ versionNo: 3, rollbackFromVersionId: survey.versions[0].id, sourceVersionId: survey.versions[0].id });
    expect(rolled.snapshotSections.map((s: { title: string }) => s.title)).toEqual(['調査のご案内', 'スクリーニング', '本調査']);
    expect(await stableIds(rolled.id)).toEqual(await stableIds(survey.versions[0].id));
    const detail = (await client.get(`/api/surveys/${survey.id}`).expect(200)).body.data;
    expect(detail.sections.map((s: { title: string }) => s.title)).toEqual(['調査のご案内', 'スクリーニング', '本調査']);
    expect(
      detail.versions.map((v: { versionNo: number; rollbackFromVersionId: string | null }) => [
        v.versionNo,
        v.rollbackFromVersionId !== null,
      ]),
    ).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    const v2Snapshot = (await client.get(`/api/surveys/${survey.id}/versions`).expect(200)).body.data[1].snapshotSections;
    expect(v2Snapshot.map((s: { title: string }) => s.title)).toEqual(['edited', 'スクリーニング']);
  });

  it('duplicates a version into a new survey (answering the Survey), permissions copied', async () => {
    const client = builder.as(alice);
    const survey = await createSurvey(client);
    await client.post(`/api/surveys/${survey.id}/save`).expect(201);
    const copy = (await client.post(`/api/surveys/${survey.id}/versions/1/duplicate`).expect(201)).body.data;
    expect(copy).toMatchObject({ latestVersionNo: 1, title: expect.stringContaining('複製') });
    expect(copy.versions).toHaveLength(1);
    expect(copy.permissions).toEqual([expect.objectContaining({ userName: 'Alice', roleType: 'edit' })]);
    expect(copy.sections).toHaveLength(3);
  });

  it('answers 400 for a versionNo that is not digits, 404 for a missing version or permission', async () => {
    const client = builder.as(alice);
    const survey = await createSurvey(client, { generateInitialContent: false });
    for (const bad of ['1a', '-1', '1.5']) {
      const res = await client.post(`/api/surveys/${survey.id}/versions/${bad}/rollback`).expect(400);
      expect(res.body.error.details).toEqual([{ field: 'versionNo', message: 'versionNo must be digits' }]);
    }
    await client.post(`/api/surveys/${survey.id}/versions/x/duplicate`).expect(400);
    await client.post(`/api/surveys/${survey.id}/versions/7/rollback`).expect(404);
    await builder.as(bob).post(`/api/surveys/${survey.id}/save`).expect(404);
    await builder.as(bob).get(`/api/surveys/${survey.id}/versions`).expect(404);
  });

  it('gives concurrent saves of one survey distinct, consecutive version numbers and loses none', async () => {
    const client = builder.as(alice);
    const survey = await createSurvey(client);
    const results = await Promise.all(Array.from({ length: 6 }, () => client.post(`/api/surveys/${survey.id}/save`)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(results.map((r) => r.body.data.versionNo).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
    const history = (await client.get(`/api/surveys/${survey.id}/versions`).expect(200)).body.data;
    expect(history.map((v: { versionNo: number }) => v.versionNo)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Each save copied the version before its own.
    const saved = results.map((r) => r.body.data).sort((a, b) => a.versionNo - b.versionNo);
    expect(saved.map((v) => v.sourceVersionId)).toEqual(history.slice(0, -1).map((v: { id: string }) => v.id));
    for (const version of history) expect(version.snapshotSections).toHaveLength(3);
    const detail = (await client.get(`/api/surveys/${survey.id}`).expect(200)).body.data;
    expect(detail.latestVersionNo).toBe(7);
  });

  it('encodes the answer of a save ahead (br, gzip or identity, as asked); a save failing after that answers its error plainly and saves nothing', async () => {
    const client = builder.as(alice);
    const survey = await createSurvey(client);
    const raw = rawRequester(builder.app);
    const save = (accept?: string) =>
      raw('POST', `/api/surveys/${survey.id}/save`, {
        'x-user-email': alice.email,
        'x-user-name': alice.name,
        ...(accept ? { 'accept-encoding': accept } : {}),
      });
    const cases: Array<[string | undefined, string | undefined, (b: Buffer) => Buffer]> = [
      [undefined, undefined, (b) => b],
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0.1, gzip', 'gzip', gunzipSync],
    ];
    for (const [i, [accept, coding, decode]] of cases.entries()) {
      const res = await save(accept);
      expect([accept, res.statusCode, res.headers['content-encoding']]).toEqual([accept, 201, coding]);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const body = JSON.parse(decode(res.rawPayload).toString('utf8'));
      expect(body).toMatchObject({ ok: true, data: { versionNo: i + 2, snapshotSections: expect.any(Array) } });
      expect(body.data.snapshotSections.map((s: { title: string }) => s.title)).toEqual(['調査のご案内', 'スクリーニング', '本調査']);
    }

    // The copy fails once the answer is ready (a trigger refuses the rules' rows): nothing is saved, and the error is a
    // plain JSON answer (no Content-Encoding of the answer that was prepared).
    const db = builder.app.get(DataSource);
    await db.query(
      `CREATE FUNCTION survey_builder.refuse_rules() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`,
    );
    await db.query(
      `CREATE TRIGGER refuse_rules BEFORE INSERT ON survey_builder.branch_rule EXECUTE FUNCTION survey_builder.refuse_rules()`,
    );
    try {
      const failed = await save('br');
      expect(failed.statusCode).toBe(500);
      expect(failed.headers['content-encoding']).toBeUndefined();
      expect(failed.json()).toMatchObject({ ok: false });
    } finally {
      await db.query(`DROP TRIGGER refuse_rules ON survey_builder.branch_rule`);
      await db.query(`DROP FUNCTION survey_builder.refuse_rules()`);
    }
    const detail = (await client.get(`/api/surveys/${survey.id}`).expect(200)).body.data;
    expect(detail.latestVersionNo).toBe(cases.length + 1);
    expect(detail.versions).toHaveLength(cases.length + 1);
  });
});
