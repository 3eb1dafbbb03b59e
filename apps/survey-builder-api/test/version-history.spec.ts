import type { Server } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { conformanceOf } from '@platform/testing/harness';
import { type Builder, type Client, createSurvey, startBuilder } from './builder-kit';

/**
 * GET /api/surveys/{surveyId}/versions streams its answer a version at a time (the memory it bounds is measured in
 * version-history-memory.spec.ts): the same envelope and versions a buffered answer had, in every coding, checked
 * against the document; a failure before the first bytes is an ordinary error answer, one after them cuts the answer
 * short.
 */
const ALICE = { email: 'alice@example.com', name: 'Alice' };
const HEADERS = { 'x-user-email': ALICE.email, 'x-user-name': ALICE.name };

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  /** Whether the body arrived whole (the chunked encoding's last chunk came). */
  complete: boolean;
}

describe('the version history, streamed', () => {
  const logLines: string[] = [];
  let builder: Builder;
  let alice: Client;
  let origin: string;

  /** A GET through node:http that reports a body cut short instead of failing on it. */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<RawAnswer>((resolve, reject) => {
      httpRequest(`${origin}${path}`, { method, headers: { ...HEADERS, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', () => undefined);
        res.on('close', () =>
          resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks), complete: res.complete }),
        );
      })
        .on('error', reject)
        .end();
    });
  const history = (surveyId: string) => `/api/surveys/${surveyId}/versions`;

  beforeAll(async () => {
    builder = await startBuilder({}, { logLines });
    alice = builder.as(ALICE);
    const server = builder.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => builder?.close());

  it('answers the envelope with every version as the saves answered them, in every coding, as the document says', async () => {
    const survey = await createSurvey(alice);
    const saved = [];
    for (let i = 0; i < 3; i++) saved.push((await alice.post(`/api/surveys/${survey.id}/save`).expect(201)).body.data);
    const working = (await alice.get(`/api/surveys/${survey.id}`).expect(200)).body.data;
    const checkedBefore = conformanceOf(builder.app)!.checked;

    const identity = await get(history(survey.id));
    expect(identity).toMatchObject({ status: 200, complete: true });
    expect(identity.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(identity.headers['transfer-encoding']).toBe('chunked');
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    const body = JSON.parse(identity.bytes.toString('utf8'));
    expect(Object.keys(body)).toEqual(['ok', 'data']);
    expect(body.ok).toBe(true);
    // Version 1 as created, then the versions the saves created, exactly as they answered them (nothing was edited
    // since), the last of them the working copy.
    expect(body.data[0]).toMatchObject({ id: survey.versions[0].id, versionNo: 1, sourceVersionId: null });
    expect(body.data.slice(1)).toEqual(saved);
    expect(body.data[3]).toMatchObject({ id: working.versions[3].id, versionNo: 4, sourceVersionId: saved[1].id });
    expect(body.data[3].snapshotSections).toEqual(working.sections);

    for (const [accept, coding, decode] of [
      ['gzip', 'gzip', gunzipSync],
      ['br, gzip', 'br', brotliDecompressSync],
    ] as const) {
      const encoded = await get(history(survey.id), { 'accept-encoding': accept });
      expect([accept, encoded.status, encoded.complete, encoded.headers['content-encoding']]).toEqual([accept, 200, true, coding]);
      expect(decode(encoded.bytes).equals(identity.bytes)).toBe(true);
    }
    // Each streamed body was checked against the document once it had ended.
    expect(conformanceOf(builder.app)!.checked - checkedBefore).toBe(3);
    // The client's own request runs through the same route.
    expect((await alice.get(history(survey.id)).expect(200)).body).toEqual(body);
  });

  it('answers HEAD without reading the history, and 404 to a caller who may not view the survey', async () => {
    const survey = await createSurvey(alice);
    // With the sections' table out of the way a read of any snapshot fails; HEAD reads none.
    const db = builder.app.get(DataSource);
    await db.query(`ALTER TABLE survey_builder.section RENAME TO section_away`);
    try {
      const head = await get(history(survey.id), {}, 'HEAD');
      expect([head.status, head.headers['content-type'], head.bytes.length]).toEqual([200, 'application/json; charset=utf-8', 0]);
    } finally {
      await db.query(`ALTER TABLE survey_builder.section_away RENAME TO section`);
    }
    const bob = builder.as({ email: 'bob@example.com', name: 'Bob' });
    expect((await bob.get(history(survey.id)).expect(404)).body).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('answers an ordinary error when the first version cannot be read, and cuts the answer short when a later one cannot', async () => {
    // Version 1 holds no question (read without the choice table), version 2 one section with questions.
    const survey = await createSurvey(alice, { generateInitialContent: false });
    await alice.post(`/api/surveys/${survey.id}/save`).expect(201);
    await alice.post(`/api/surveys/${survey.id}/sections`, { title: '後から' }).expect(201);
    const db = builder.app.get(DataSource);

    await db.query(`ALTER TABLE survey_builder.section RENAME TO section_away`);
    try {
      const failed = await get(history(survey.id));
      expect(failed).toMatchObject({ status: 500, complete: true });
      expect(JSON.parse(failed.bytes.toString('utf8'))).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR' } });
    } finally {
      await db.query(`ALTER TABLE survey_builder.section_away RENAME TO section`);
    }

    await db.query(`ALTER TABLE survey_builder.question_option RENAME TO question_option_away`);
    try {
      for (const accept of ['identity', 'gzip', 'br']) {
        const cut = await get(history(survey.id), { 'accept-encoding': accept });
        // The status had gone with version 1; the body then ends without its last chunk, and is not a shorter history.
        expect([accept, cut.status, cut.complete]).toEqual([accept, 200, false]);
        const text = accept === 'identity' ? cut.bytes.toString('utf8') : undefined;
        if (text !== undefined) {
          expect(text.startsWith('{"ok":true,"data":[{')).toBe(true);
          expect(() => JSON.parse(text)).toThrow();
        }
      }
    } finally {
      await db.query(`ALTER TABLE survey_builder.question_option_away RENAME TO question_option`);
    }
    const failures = logLines.map((line) => JSON.parse(line)).filter((line) => line.msg?.startsWith('a streamed answer failed'));
    expect(failures).toHaveLength(3);
    for (const line of failures) expect(line).toMatchObject({ level: 50, elementsSent: 1, err: expect.any(Object) });
    // And the history reads whole again.
    const whole = await get(history(survey.id));
    expect(whole.complete).toBe(true);
    expect(JSON.parse(whole.bytes.toString('utf8')).data.map((v: { versionNo: number }) => v.versionNo)).toEqual([1, 2]);
  });
});
