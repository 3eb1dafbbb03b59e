import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueuePublisher } from '@platform/messaging';
import { startTestApp, waitFor } from '@platform/testing/harness';
import { handBuiltForm } from '@platform/testing/sweep';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadRecruitingConfig } from '../src/config';
import { RECRUITING_HTTP } from '../src/http-surface';
import { IMPORT_BATCH_ROWS } from '../src/candidates/import/import-runner';
import { RECRUITING_IMPORT_QUEUE } from '../src/recruiting.queues';
import { cell, encodeTsv, panelExport, PANEL_HEADERS, panelRow } from './fixtures/imports/tsv-fixtures';
import { type RecruitingTestApp, startRecruiting } from './recruiting-test-app';

const FIXTURES = join(__dirname, 'fixtures', 'imports');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

interface Status {
  importLogId: number;
  status: string;
  importedCount: number;
  skippedCount: number;
  errorCount: number;
  duplicateCount: number;
  processedRows: number;
  errors: Array<{ row: number; respondentId: string; field: string; message: string }>;
}

/** TSV uploads and file imports through the queue on real PostgreSQL and RabbitMQ. */
describe('candidate file imports', () => {
  let t: RecruitingTestApp;
  const ids: Record<string, number> = {};
  let projectId: number;
  let otherProjectId: number;
  const as = (who: 'admin' | 'member' | 'viewer') => t.as(ids[who], who);
  const base = (project = projectId) => `/api/v1/projects/${project}/candidates/import`;

  const upload = (bytes: Buffer, name = 'export.tsv', project = projectId) =>
    t
      .http()
      .post(`${base(project)}/upload`)
      .set(as('member'))
      .attach('file', bytes, { filename: name, contentType: 'text/tab-separated-values' });

  async function finished(importLogId: number, project = projectId, timeoutMs = 30_000): Promise<Status> {
    return waitFor(
      async () => {
        const res = await t
          .http()
          .get(`${base(project)}/${importLogId}/status`)
          .set(as('viewer'))
          .expect(200);
        return ['completed', 'partial', 'failed'].includes(res.body.data.status) ? (res.body.data as Status) : undefined;
      },
      { timeoutMs, intervalMs: 50, what: `import ${importLogId} to finish` },
    );
  }

  const MAPPING = {
    external_user_id: { column_index: 0 },
    name: { column_index: 1 },
    email: { column_index: 2 },
    phone: { column_index: 3 },
    attributes: {
      gender: { type: 'single_select', columns: [4, 5, 6], mapping: { '4': 'male', '5': 'female', '6': 'no_answer' } },
      firstService: { type: 'single_select', columns: [8, 9, 10], mapping: 'first_selected' },
      age: { type: 'direct', column_index: 7 },
    },
    survey_responses: { mode: 'all_remaining' },
  };

  /** Queues the file's import with `mapping`: its import log id. */
  const execute = async (fileId: string, project: number, mapping: object = MAPPING): Promise<number> =>
    (
      await t
        .http()
        .post(`${base(project)}/${fileId}/execute`)
        .set(as('member'))
        .send({ mapping })
        .expect(201)
    ).body.data.importLogId;

  /** The project's participation records, the people they name, their history rows and their (empty) score rows. */
  const stored = async (project: number) =>
    (
      await t.pool.query(
        `SELECT count(*)::int AS n, count(DISTINCT candidate_id)::int AS people,
                (SELECT count(*)::int FROM candidate_status_history h JOIN project_candidates p ON p.id = h.project_candidate_id
                 WHERE p.project_id = $1) AS history,
                (SELECT count(*)::int FROM candidate_scores s JOIN project_candidates p ON p.id = s.project_candidate_id
                 WHERE p.project_id = $1 AND s.project_id = $1 AND s.score IS NULL) AS scores
         FROM project_candidates WHERE project_id = $1`,
        [project],
      )
    ).rows[0];

  beforeAll(async () => {
    t = await startRecruiting('recruiting_imports', {}, { queue: true });
    ids.admin = await t.insertUser('admin@example.com', 'Admin', 'admin');
    ids.member = await t.insertUser('member@example.com', 'Member', 'member');
    ids.viewer = await t.insertUser('viewer@example.com', 'Viewer', 'viewer');
    projectId = (await t.pool.query<{ id: number }>("INSERT INTO projects (name) VALUES ('Imports') RETURNING id")).rows[0].id;
    otherProjectId = (await t.pool.query<{ id: number }>("INSERT INTO projects (name) VALUES ('Other') RETURNING id")).rows[0].id;
  });
  afterAll(async () => t?.close());

  describe('upload', () => {
    it('reads the same export in every encoding, with or without a byte-order mark, CRLF or LF', async () => {
      const names = [
        'panel-export.utf16le-bom.tsv',
        'panel-export.utf16le-nobom.tsv',
        'panel-export.utf16be.tsv',
        'panel-export.utf16be-bom.tsv',
        'panel-export.utf8.tsv',
      ];
      const answers = [];
      for (const name of names) {
        const res = await upload(fixture(name), name).expect(200);
        answers.push(res.body.data);
      }
      const first = answers[0];
      expect(first).toEqual({
        file_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        file_info: { name: 'panel-export.utf16le-bom.tsv', size: fixture('panel-export.utf16le-bom.tsv').length, rowCount: 13 },
        columns: expect.any(Array),
        suggested_mapping: {
          external_user_id: { column_index: 0 },
          name: { column_index: 1 },
          email: { column_index: 2 },
          phone: { column_index: 3 },
          survey_responses: { mode: 'all_remaining' },
        },
        preview: expect.any(Array),
        expires_at: expect.any(String),
      });
      expect(first.columns.map((c: { name: string }) => c.name)).toEqual(PANEL_HEADERS);
      expect(first.columns[0]).toEqual({ index: 0, name: '会員ID', sampleValues: ['M000001', 'M000002', 'M000003', 'M000004', 'M000005'] });
      expect(first.columns[7].sampleValues).toEqual(['30代', '40代', '50代', '20代']);
      expect(first.preview).toHaveLength(10);
      // Quoted cells keep their tabs, line breaks and doubled quotes.
      expect(first.preview[0]['Q2 ご意見・ご要望']).toBe('改善してほしい点:\n検索が遅い');
      expect(first.preview[1]['Q2 ご意見・ご要望']).toBe('価格が\t高い');
      expect(first.preview[2]['Q2 ご意見・ご要望']).toBe('"満足"しています');
      const expiresIn = Date.parse(first.expires_at) - Date.now();
      expect(expiresIn).toBeGreaterThan(23.9 * 3600_000);
      expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);
      for (const other of answers.slice(1)) {
        expect({ ...other, file_id: '', file_info: { ...other.file_info, name: '', size: 0 }, expires_at: '' }).toEqual({
          ...first,
          file_id: '',
          file_info: { ...first.file_info, name: '', size: 0 },
          expires_at: '',
        });
      }
    });

    it('reads an English UTF-8 export with a byte-order mark and CRLF', async () => {
      const res = await upload(fixture('english-export.utf8-bom.tsv')).expect(200);
      expect(res.body.data.file_info.rowCount).toBe(3);
      expect(res.body.data.columns[0].name).toBe('Respondent ID');
      expect(res.body.data.suggested_mapping).toEqual({
        external_user_id: { column_index: 0 },
        name: { column_index: 1 },
        email: { column_index: 2 },
        phone: { column_index: 3 },
        survey_responses: { mode: 'all_remaining' },
      });
      expect(res.body.data.preview[1]).toEqual({
        'Respondent ID': 'EMP-2',
        'Full Name': 'Kim Tanaka',
        'E-mail': 'kim@example.com',
        Phone: '',
        Team: 'Sales',
        Comment: 'Needs\tmore docs',
      });
    });

    it('accepts a header without rows', async () => {
      const res = await upload(fixture('header-only.utf16le.tsv')).expect(200);
      expect(res.body.data.file_info.rowCount).toBe(0);
      expect(res.body.data.preview).toEqual([]);
    });

    it('refuses no file, an empty file, bytes that do not decode, no header row and an unclosed quote with 400, storing nothing', async () => {
      const before = (await t.pool.query('SELECT count(*)::int AS n FROM import_files')).rows[0].n;
      await t.http().post(`${base()}/upload`).set(as('member')).field('other', 'x').expect(400);
      const empty = await upload(Buffer.alloc(0)).expect(400);
      expect(empty.body.error.message).toBe('The file is empty');
      const invalid = await upload(fixture('invalid-utf8.tsv')).expect(400);
      expect(invalid.body.error.message).toMatch(/not valid UTF-8/);
      await upload(encodeTsv('AB', 'utf-16le', true).subarray(0, 5)).expect(400);
      const blank = await upload(encodeTsv('\r\n\r\n', 'utf-16le', true)).expect(400);
      expect(blank.body.error.message).toMatch(/no header row/);
      const tabs = await upload(Buffer.from('\t\t\n1\t2\t3\n')).expect(400);
      expect(tabs.body.error.message).toMatch(/no header row/);
      const quote = await upload(fixture('unclosed-quote.utf8.tsv')).expect(400);
      expect(quote.body.error.message).toMatch(/not a readable tab-separated file/);
      expect((await t.pool.query('SELECT count(*)::int AS n FROM import_files')).rows[0].n).toBe(before);
      expect((await t.pool.query('SELECT count(*)::int AS n FROM import_file_chunks')).rows[0].n).toBeGreaterThan(0);
    });

    it('refuses a form cut off before its closing boundary with 400 in the recruiting body, storing nothing', async () => {
      const count = async () =>
        (
          await t.pool.query(
            'SELECT (SELECT count(*) FROM import_files)::int AS files, (SELECT count(*) FROM import_file_chunks)::int AS chunks',
          )
        ).rows[0];
      const before = await count();
      const bytes = fixture('panel-export.utf8.tsv');
      for (const cut of [bytes, bytes.subarray(0, 200)]) {
        const form = handBuiltForm([{ name: 'file', filename: 'export.tsv', bytes: cut }], { unterminated: true });
        const res = await t.http().post(`${base()}/upload`).set(as('member')).set('content-type', form.contentType).send(form.body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, statusCode: 400, error: { code: 'VALIDATION_FAILED' } });
        expect(res.body.error.message).toMatch(/multipart body ended before its closing boundary/);
      }
      expect(await count()).toEqual(before);
    });

    it('answers 403 below member and 404 for an unknown project', async () => {
      await t.http().post(`${base()}/upload`).set(as('viewer')).attach('file', fixture('panel-export.utf8.tsv'), 'x.tsv').expect(403);
      await upload(fixture('panel-export.utf8.tsv'), 'x.tsv', 999_999).expect(404);
    });
  });

  describe('re-reading an upload', () => {
    it('answers the same record, 404 in another project, for an unknown id and after the expiry', async () => {
      const uploaded = (await upload(fixture('panel-export.utf8.tsv'))).body.data;
      const read = await t.http().get(`${base()}/${uploaded.file_id}`).set(as('viewer')).expect(200);
      expect(read.body.data).toEqual(uploaded);
      await t.http().get(`${base()}/${uploaded.file_id.toUpperCase()}`).set(as('viewer')).expect(200);
      await t
        .http()
        .get(`${base(otherProjectId)}/${uploaded.file_id}`)
        .set(as('viewer'))
        .expect(404);
      await t.http().get(`${base()}/00000000-0000-4000-8000-000000000000`).set(as('viewer')).expect(404);
      await t.http().get(`${base()}/not-a-uuid`).set(as('viewer')).expect(400);
      await t.pool.query(`UPDATE import_files SET expires_at = now() - interval '1 second' WHERE id = $1`, [uploaded.file_id]);
      await t.http().get(`${base()}/${uploaded.file_id}`).set(as('viewer')).expect(404);
      await t
        .http()
        .post(`${base()}/${uploaded.file_id}/execute`)
        .set(as('member'))
        .send({ mapping: { external_user_id: { column_index: 0 }, name: { column_index: 1 }, email: { column_index: 2 } } })
        .expect(404);
      // The next upload removes expired files.
      await upload(fixture('panel-export.utf8.tsv')).expect(200);
      expect((await t.pool.query('SELECT 1 FROM import_files WHERE id = $1', [uploaded.file_id])).rowCount).toBe(0);
    });
  });

  describe('execute', () => {
    let fileId: string;
    beforeAll(async () => {
      fileId = (await upload(fixture('panel-export.utf16le-bom.tsv'))).body.data.file_id;
    });

    it('refuses a mapping that does not fit the file with 400 naming the column index, writing nothing', async () => {
      const logs = (await t.pool.query('SELECT count(*)::int AS n FROM import_logs')).rows[0].n;
      const bad = await t
        .http()
        .post(`${base()}/${fileId}/execute`)
        .set(as('member'))
        .send({ mapping: { ...MAPPING, email: { column_index: 13 } } })
        .expect(400);
      expect(bad.body.error.message).toBe('mapping.email.column_index: column index 13 is not in the file (it has 13 columns, 0 to 12)');
      expect(bad.body.error.details).toEqual([{ field: 'mapping.email.column_index', message: bad.body.error.message }]);
      const select = await t
        .http()
        .post(`${base()}/${fileId}/execute`)
        .set(as('member'))
        .send({ mapping: { ...MAPPING, attributes: { gender: { type: 'single_select', columns: [4, 5], mapping: { '4': 'male' } } } } })
        .expect(400);
      expect(select.body.error.message).toMatch(/no text value for column index 5/);
      await t
        .http()
        .post(`${base()}/${fileId}/execute`)
        .set(as('member'))
        .send({ mapping: { name: { column_index: 1 } } })
        .expect(400);
      await t.http().post(`${base()}/${fileId}/execute`).set(as('viewer')).send({ mapping: MAPPING }).expect(403);
      await t
        .http()
        .post(`${base(otherProjectId)}/${fileId}/execute`)
        .set(as('member'))
        .send({ mapping: MAPPING })
        .expect(404);
      expect((await t.pool.query('SELECT count(*)::int AS n FROM import_logs')).rows[0].n).toBe(logs);
    });

    it('imports in the background: persons, attributes, survey responses, row errors and duplicates', async () => {
      const res = await t.http().post(`${base()}/${fileId}/execute`).set(as('member')).send({ mapping: MAPPING }).expect(201);
      expect(res.body.data).toEqual({ importLogId: expect.any(Number), status: 'processing' });
      const status = await finished(res.body.data.importLogId);
      expect(status).toMatchObject({
        importLogId: res.body.data.importLogId,
        kind: 'file',
        status: 'partial',
        importedCount: 10,
        duplicateCount: 1,
        errorCount: 2,
        skippedCount: 3,
        processedRows: 13,
        failure: null,
        finishedAt: expect.any(String),
      });
      expect(status.errors).toEqual([
        { row: 11, respondentId: '', field: 'external_user_id', message: 'The id is missing' },
        { row: 12, respondentId: 'M900001', field: 'email', message: 'Not an email address: not-an-email' },
      ]);

      const list = await t.http().get(`/api/v1/projects/${projectId}/candidates?sort=name&limit=100`).set(as('viewer')).expect(200);
      expect(list.body.pagination.totalCount).toBe(10);
      const second = list.body.data.find((c: { candidate: { externalUserId: string } }) => c.candidate.externalUserId === 'M000002');
      expect(second).toMatchObject({
        status: 'pending',
        candidate: { externalUserId: 'M000002', name: '高橋 健一', email: 'member2@example.jp', phone: '090-1002-1062' },
        attributes: { gender: 'no_answer', firstService: '利用サービス:動画配信', age: '40代' },
      });
      // all_remaining: every column the person fields and attributes do not use.
      expect(second.surveyResponses).toEqual({ 'Q1 満足度': '3', 'Q2 ご意見・ご要望': '価格が\t高い' });
      const sixth = list.body.data.find((c: { candidate: { externalUserId: string } }) => c.candidate.externalUserId === 'M000006');
      expect(sixth.attributes).toEqual({ gender: 'male', firstService: '利用サービス:動画配信', age: '40代' });
      const fifth = list.body.data.find((c: { candidate: { externalUserId: string } }) => c.candidate.externalUserId === 'M000005');
      expect(fifth.attributes).toEqual({ gender: 'no_answer', firstService: '利用サービス:フードデリバリー', age: '30代' });
      const history = await t.http().get(`/api/v1/projects/${projectId}/candidates/${second.id}/history`).set(as('viewer')).expect(200);
      expect(history.body.data).toEqual([
        expect.objectContaining({
          fromStatus: null,
          toStatus: 'pending',
          changedBy: ids.member,
          reason: `Imported from a file (import ${status.importLogId})`,
        }),
      ]);
    });

    it('counts ids already in the project as duplicates on a second run, and imports the same people into another project', async () => {
      const again = await t.http().post(`${base()}/${fileId}/execute`).set(as('member')).send({ mapping: MAPPING }).expect(201);
      expect(await finished(again.body.data.importLogId)).toMatchObject({
        status: 'partial',
        importedCount: 0,
        duplicateCount: 11,
        errorCount: 2,
      });
      const other = (await upload(fixture('panel-export.utf8.tsv'), 'x.tsv', otherProjectId)).body.data.file_id;
      const run = await t
        .http()
        .post(`${base(otherProjectId)}/${other}/execute`)
        .set(as('member'))
        .send({ mapping: { external_user_id: { column_index: 0 }, name: { column_index: 1 }, email: { column_index: 2 } } })
        .expect(201);
      expect(await finished(run.body.data.importLogId, otherProjectId)).toMatchObject({
        status: 'partial',
        importedCount: 10,
        duplicateCount: 1,
      });
      // One person per external id across projects.
      expect((await t.pool.query(`SELECT count(*)::int AS n FROM candidates WHERE external_user_id LIKE 'M0000%'`)).rows[0].n).toBe(10);
      // The status of another project's import is not found here.
      await t.http().get(`${base()}/${run.body.data.importLogId}/status`).set(as('viewer')).expect(404);
      await t.http().get(`${base()}/999999/status`).set(as('viewer')).expect(404);
    });

    it('ends completed when every row is good, and failed when none is', async () => {
      const good = (await upload(fixture('english-export.utf8-bom.tsv'))).body.data.file_id;
      const mapping = { external_user_id: { column_index: 0 }, name: { column_index: 1 }, email: { column_index: 2 } };
      const ok = await t.http().post(`${base()}/${good}/execute`).set(as('member')).send({ mapping }).expect(201);
      expect(await finished(ok.body.data.importLogId)).toMatchObject({ status: 'completed', importedCount: 3, errorCount: 0, errors: [] });
      const bad = (await upload(Buffer.from('id\tname\temail\n\tA\ta@example.com\n\tB\tb@example.com\n'))).body.data.file_id;
      const failed = await t.http().post(`${base()}/${bad}/execute`).set(as('member')).send({ mapping }).expect(201);
      expect(await finished(failed.body.data.importLogId)).toMatchObject({
        status: 'failed',
        importedCount: 0,
        errorCount: 2,
        failure: 'No row could be imported',
      });
    });
  });

  describe('counts across batches', () => {
    it('counts duplicates within a batch, across batches and already in the project, and errors at batch edges, exactly', async () => {
      const B = IMPORT_BATCH_ROWS;
      const ROWS = 2 * B + 500;
      const project = (await t.pool.query<{ id: number }>("INSERT INTO projects (name) VALUES ('Counts') RETURNING id")).rows[0].id;
      const id = (i: number) => `M${String(i).padStart(6, '0')}`;
      const rows = Array.from({ length: ROWS }, (_, k) => panelRow(k + 1));
      const set = (row: number, column: number, value: string) => (rows[row - 1][column] = value);
      set(7, 0, id(3)); // the same id earlier in its batch
      set(2 * B + 2, 0, id(2 * B + 1));
      set(B + 100, 0, id(50)); // the same id in an earlier batch
      set(B - 1, 1, 'x'.repeat(256)); // two errors in one row, the last but one of the first batch
      set(B - 1, 2, 'no-at-sign');
      set(B, 0, ''); // the last row of the first batch
      set(B + 1, 2, 'bad'); // the first row of the second batch
      set(ROWS, 0, ''); // the last row of the file
      set(5, 1, 'back\\slash\tand tab'); // what COPY's text format escapes
      set(5, 12, 'C:\\path\n"quoted"');
      const text = [PANEL_HEADERS, ...rows].map((cells) => cells.map(cell).join('\t')).join('\r\n');
      const fileId = (await upload(encodeTsv(text, 'utf-16le', true), 'counts.tsv', project).expect(200)).body.data.file_id;
      // Ten people the project already holds (rows 3000 to 3009, in the second batch).
      const existing = Array.from({ length: 10 }, (_, k) => id(B + 1000 + k));
      await t.pool.query(`INSERT INTO candidates (external_user_id, name) SELECT unnest($1::text[]), 'before'`, [existing]);
      await t.pool.query(
        `INSERT INTO project_candidates (project_id, candidate_id) SELECT $1, id FROM candidates WHERE external_user_id = ANY($2)`,
        [project, existing],
      );
      const status = await finished(await execute(fileId, project), project, 60_000);
      const errors = 4;
      const duplicates = 3 + existing.length;
      expect(status).toMatchObject({
        status: 'partial',
        importedCount: ROWS - errors - duplicates,
        duplicateCount: duplicates,
        errorCount: errors,
        skippedCount: errors + duplicates,
        processedRows: ROWS,
      });
      expect(status.errors).toEqual([
        { row: B - 1, respondentId: id(B - 1), field: 'name', message: 'The name is longer than 255 characters' },
        { row: B - 1, respondentId: id(B - 1), field: 'email', message: 'Not an email address: no-at-sign' },
        { row: B, respondentId: '', field: 'external_user_id', message: 'The id is missing' },
        { row: B + 1, respondentId: id(B + 1), field: 'email', message: 'Not an email address: bad' },
        { row: ROWS, respondentId: '', field: 'external_user_id', message: 'The id is missing' },
      ]);
      const imported = ROWS - errors - duplicates;
      expect(await stored(project)).toEqual({
        n: imported + existing.length,
        people: imported + existing.length,
        history: imported,
        scores: imported + existing.length,
      });
      const fifth = await t.pool.query(
        `SELECT c.name, p.survey_responses FROM project_candidates p JOIN candidates c ON c.id = p.candidate_id
         WHERE p.project_id = $1 AND c.external_user_id = $2`,
        [project, id(5)],
      );
      expect(fifth.rows[0].name).toBe('back\\slash\tand tab');
      expect(fifth.rows[0].survey_responses['Q2 ご意見・ご要望']).toBe('C:\\path\n"quoted"');
    }, 90_000);
  });

  describe('resuming', () => {
    const ROWS = 12_000;

    it('finishes a job with a checkpoint halfway without writing its first rows twice', async () => {
      const project = (await t.pool.query<{ id: number }>("INSERT INTO projects (name) VALUES ('Resume A') RETURNING id")).rows[0].id;
      const fileId = (await upload(encodeTsv(panelExport(ROWS, '\n'), 'utf-16le', true), 'big.tsv', project).expect(200)).body.data.file_id;
      const mapping = { external_user_id: { column_index: 0 }, name: { column_index: 1 }, email: { column_index: 2 } };
      // A job that already committed its first 4,000 rows, then died: those rows and its checkpoint are in place.
      const log = await t.pool.query<{ id: number }>(
        `INSERT INTO import_logs (project_id, kind, file_id, request, status, imported_count, checkpoint, created_by)
         VALUES ($1, 'file', $2, $3, 'processing', 4000, 4000, $4) RETURNING id`,
        [project, fileId, JSON.stringify({ mapping }), ids.member],
      );
      await t.pool.query(
        `INSERT INTO candidates (external_user_id, name) SELECT 'M' || lpad(g::text, 6, '0'), 'x' FROM generate_series(1, 4000) g
         ON CONFLICT (external_user_id) DO NOTHING`,
      );
      await t.pool.query(
        `INSERT INTO project_candidates (project_id, candidate_id) SELECT $1, id FROM candidates
         WHERE external_user_id BETWEEN 'M000001' AND 'M004000'`,
        [project],
      );
      const publisher = t.app.get(QueuePublisher);
      await publisher.publish(RECRUITING_IMPORT_QUEUE, { importLogId: log.rows[0].id });
      const status = await finished(log.rows[0].id, project);
      expect(status).toMatchObject({ status: 'completed', importedCount: ROWS, duplicateCount: 0, errorCount: 0, processedRows: ROWS });
      const counts = await t.pool.query(
        `SELECT count(*)::int AS n, count(DISTINCT candidate_id)::int AS people FROM project_candidates WHERE project_id = $1`,
        [project],
      );
      expect(counts.rows[0]).toEqual({ n: ROWS, people: ROWS });
    }, 60_000);

    it('carries on after the app stops mid-import and another instance takes the job', async () => {
      const project = (await t.pool.query<{ id: number }>("INSERT INTO projects (name) VALUES ('Resume B') RETURNING id")).rows[0].id;
      const bytes = encodeTsv(panelExport(ROWS * 2, '\r\n'), 'utf-16le', true);
      const fileId = (await upload(bytes, 'big.tsv', project).expect(200)).body.data.file_id;
      const logId = await execute(fileId, project);
      await waitFor(
        async () => {
          const row = (await t.pool.query('SELECT checkpoint, status FROM import_logs WHERE id = $1', [logId])).rows[0];
          return row.checkpoint >= 2000 ? row : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 10, what: 'the first batch' },
      );
      await t.app.close();
      const stoppedAt = (await t.pool.query('SELECT checkpoint, status FROM import_logs WHERE id = $1', [logId])).rows[0];
      expect(stoppedAt.status).toBe('processing');
      expect(stoppedAt.checkpoint).toBeLessThan(ROWS * 2);
      const second = await startTestApp(AppModule.register(loadRecruitingConfig(t.env)), RECRUITING_HTTP);
      try {
        const status = await waitFor(
          async () => {
            const r = await request(second.getHttpServer())
              .get(`${base(project)}/${logId}/status`)
              .set(as('viewer'))
              .expect(200);
            return ['completed', 'partial', 'failed'].includes(r.body.data.status) ? (r.body.data as Status) : undefined;
          },
          { timeoutMs: 60_000, intervalMs: 50, what: 'the resumed import' },
        );
        expect(status).toMatchObject({
          status: 'completed',
          importedCount: ROWS * 2,
          duplicateCount: 0,
          errorCount: 0,
          processedRows: ROWS * 2,
        });
        expect(await stored(project)).toEqual({ n: ROWS * 2, people: ROWS * 2, history: ROWS * 2, scores: ROWS * 2 });
      } finally {
        await second.close();
      }
    }, 120_000);
  });
});
