import { ObjectId } from 'mongodb';
import request from 'supertest';
import { accessToken, as, type RaceContentKit, startRaceContentKit } from './test-app';
import { type Fixture, FIXTURES, fixtureBytes, fixtureJson } from './fixtures';

describe('races against FerretDB', () => {
  let kit: RaceContentKit;
  const http = () => request(kit.server());
  const upload = (type: string, bytes: Buffer, filename: string, role = 'member') =>
    http().post('/v1/races').set(as(role)).field('type', type).attach('file', bytes, { filename, contentType: 'application/json' });
  const uploadFixture = (fixture: Fixture) => upload(fixture.type, fixtureBytes(fixture), fixture.file);
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));

  beforeAll(async () => {
    kit = await startRaceContentKit();
  });
  afterAll(() => kit?.close());

  describe('access', () => {
    it('needs a valid access token: 401 without one, with a bad one, an expired one or a refresh token', async () => {
      for (const headers of [
        {},
        { authorization: 'Bearer not-a-token' },
        { authorization: `Bearer ${accessToken('admin', { secret: 'another-secret-of-at-least-32-characters' })}` },
        { authorization: `Bearer ${accessToken('admin', { expiresIn: -10 })}` },
        { authorization: `Bearer ${accessToken('admin', { type: 'refresh' })}` },
      ]) {
        const res = await http().get('/v1/races?type=horse_racing').set(headers);
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('UNAUTHENTICATED');
      }
      await http().get('/v1/ping').expect(200);
    });

    it('lets a viewer read and refuses its writes with 403; a member writes', async () => {
      await http().get('/v1/races?type=horse_racing').set(as('viewer')).expect(200);
      const refused = await upload('horse_racing', json({ race_id: 'viewer-1' }), 'viewer.json', 'viewer');
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
      expect((await http().delete('/v1/races/anything').set(as('viewer'))).status).toBe(403);
      expect((await http().get('/v1/races?type=horse_racing').set(as('guest'))).status).toBe(403);
    });
  });

  describe('POST /v1/races', () => {
    it('registers each sample result: id from race_id, name from the file name, the JSON stored as is', async () => {
      for (const fixture of [FIXTURES.horse, FIXTURES.keirin, FIXTURES.auto]) {
        const res = await uploadFixture(fixture).expect(201);
        expect(res.body).toEqual({
          id: fixture.id,
          type: fixture.type,
          name: fixture.file.replace(/\.json$/, ''),
          race_result: fixtureJson(fixture),
          prediction: null,
          article_status: null,
          created_at: expect.any(Number),
          updated_at: res.body.created_at,
        });
      }
      const stored = await kit.db.collection('horse_racing_races').findOne({ _id: FIXTURES.horse.id as never });
      expect(JSON.parse(stored?.race_result_json)).toEqual(fixtureJson(FIXTURES.horse));
    });

    it('names a race after a Japanese file name, read as UTF-8', async () => {
      const res = await upload('horse_racing', json({ race_id: 'jp-name-1' }), '2026-11-10_東京_1R_新馬戦.json').expect(201);
      expect(res.body.name).toBe('2026-11-10_東京_1R_新馬戦');
    });

    it('answers 422 naming type for a missing or unknown type', async () => {
      const unknown = await upload('motor_boat', json({ race_id: 'x-1' }), 'x.json');
      expect(unknown.status).toBe(422);
      expect(unknown.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'type' })] });
      const missing = await http()
        .post('/v1/races')
        .set(as('member'))
        .attach('file', json({ race_id: 'x-2' }), 'x.json');
      expect(missing.status).toBe(422);
      expect(missing.body.error.details[0].field).toBe('type');
    });

    it('answers 400 for no file, a file that is not JSON, not an object, or without a usable race_id', async () => {
      const noFile = await http().post('/v1/races').set(as('member')).field('type', 'horse_racing');
      expect(noFile.status).toBe(400);
      expect(noFile.body.error.code).toBe('INVALID_FILE');
      for (const [bytes, message] of [
        [Buffer.from('{"race_id": '), /not valid JSON/],
        [json([{ race_id: 'r' }]), /JSON object/],
        [json({ race_name: 'no id' }), /race_id/],
        [json({ race_id: '../../etc/passwd' }), /race_id/],
        [json({ race_id: 'ok-1', note: 'a\u0000b' }), /NUL/],
      ] as const) {
        const res = await upload('horse_racing', bytes, 'bad.json');
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'INVALID_FILE', message: expect.stringMatching(message) });
      }
      expect((await http().post('/v1/races').set(as('member')).send({ type: 'horse_racing' })).status).toBe(400);
    });

    it('answers 413 for a file over 10 MiB', async () => {
      const big = Buffer.concat([Buffer.from('{"race_id":"big-1","pad":"'), Buffer.alloc(10 * 1024 * 1024, 'x'), Buffer.from('"}')]);
      const res = await upload('horse_racing', big, 'big.json');
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('answers 409 for a race_id that exists in any racing type', async () => {
      const same = await uploadFixture(FIXTURES.horse);
      expect(same.status).toBe(409);
      expect(same.body.error.code).toBe('RACE_ALREADY_EXISTS');
      const otherType = await upload('auto_racing', fixtureBytes(FIXTURES.horse), 'again.json');
      expect(otherType.status).toBe(409);
    });

    it('gives two concurrent uploads of one race_id (of different types) one 201 and one 409', async () => {
      for (let round = 0; round < 3; round++) {
        const body = json({ race_id: `race-twice-${round}`, entries: [] });
        const answers = await Promise.all([upload('horse_racing', body, 'a.json'), upload('bicycle_racing', body, 'b.json')]);
        expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
        const stored = await Promise.all(
          ['horse_racing_races', 'bicycle_racing_races'].map((c) =>
            kit.db.collection(c).countDocuments({ _id: `race-twice-${round}` as never }),
          ),
        );
        expect(stored[0] + stored[1]).toBe(1);
        await http().delete(`/v1/races/race-twice-${round}`).set(as('member')).expect(204);
      }
    });
  });

  describe('PUT /v1/races/prediction (routed before /{race_id})', () => {
    const predict = (bytes: Buffer) =>
      http().put('/v1/races/prediction').set(as('member')).attach('file', bytes, { filename: 'p.json', contentType: 'application/json' });

    it('attaches a prediction file to the race its race_id names', async () => {
      const res = await predict(fixtureBytes(FIXTURES.horsePrediction)).expect(200);
      expect(res.body).toMatchObject({ id: FIXTURES.horse.id, prediction: fixtureJson(FIXTURES.horsePrediction) });
      expect(res.body.updated_at).toBeGreaterThanOrEqual(res.body.created_at);
      const read = await http().get(`/v1/races/${FIXTURES.horse.id}`).set(as('viewer')).expect(200);
      expect(read.body.prediction).toEqual(fixtureJson(FIXTURES.horsePrediction));
    });

    it('answers 400 for no file, bad JSON, no race_id or no entries, and 404 for an unknown race', async () => {
      expect((await http().put('/v1/races/prediction').set(as('member')).field('note', 'x')).status).toBe(400);
      expect((await predict(Buffer.from('nope'))).status).toBe(400);
      expect((await predict(json({ entries: [] }))).status).toBe(400);
      expect((await predict(json({ race_id: FIXTURES.horse.id }))).status).toBe(400);
      const unknown = await predict(json({ race_id: 'no-such-race', entries: [] }));
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('NOT_FOUND');
    });
  });

  describe('GET /v1/races', () => {
    beforeAll(async () => {
      for (const fixture of [FIXTURES.horseDeadHeat, FIXTURES.horseVoid]) await uploadFixture(fixture).expect(201);
    });

    it('lists one type by name, paged, with the total count', async () => {
      const asc = await http().get('/v1/races?type=horse_racing&order=asc&size=2').set(as('viewer')).expect(200);
      expect(asc.body.current_page).toBe(1);
      expect(asc.body.total_count).toBe(4);
      expect(asc.body.list.map((r: { name: string }) => r.name)).toEqual([
        '2026-11-01_tokyo_11R_tenno-sho-autumn',
        '2026-11-02_kyoto_05R_2yo-maiden-dead-heat',
      ]);
      const page2 = await http().get('/v1/races?type=horse_racing&order=asc&size=2&page=2').set(as('viewer')).expect(200);
      expect(page2.body.list.map((r: { name: string }) => r.name)).toEqual([
        '2026-11-03_niigata_03R_cancelled',
        '2026-11-10_東京_1R_新馬戦',
      ]);
      const desc = await http().get('/v1/races?type=horse_racing').set(as('viewer')).expect(200);
      expect(desc.body.list[0].name).toBe('2026-11-10_東京_1R_新馬戦');
      const other = await http().get('/v1/races?type=auto_racing').set(as('viewer')).expect(200);
      expect(other.body.list.map((r: { id: string }) => r.id)).toEqual([FIXTURES.auto.id]);
    });

    it('gives each race the status of its latest article, null when it has none', async () => {
      const now = Date.now();
      const article = (raceId: string, status: string, createdAt: number, deleted = false) => ({
        _id: new ObjectId(),
        race_id: raceId,
        title: 't',
        body_html: '',
        status,
        opening_at: now,
        closing_at: null,
        accuracy_test_data: null,
        generation_error: null,
        custom_prompt: null,
        created_at: createdAt,
        updated_at: now,
        deleted_at: deleted ? now : null,
      });
      await kit.db
        .collection('articles')
        .insertMany([
          article(FIXTURES.horse.id, 'published', now - 3000),
          article(FIXTURES.horse.id, 'failed', now - 1000),
          article(FIXTURES.horseDeadHeat.id, 'draft', now - 2000),
          article(FIXTURES.horseDeadHeat.id, 'generating', now - 500, true),
        ]);
      const res = await http().get('/v1/races?type=horse_racing&order=asc&size=10').set(as('viewer')).expect(200);
      const statuses = Object.fromEntries(res.body.list.map((r: { id: string; article_status: string }) => [r.id, r.article_status]));
      expect(statuses).toEqual({
        [FIXTURES.horse.id]: 'failed',
        [FIXTURES.horseDeadHeat.id]: 'draft',
        [FIXTURES.horseVoid.id]: null,
        'jp-name-1': null,
      });
      const single = await http().get(`/v1/races/${FIXTURES.horse.id}`).set(as('viewer')).expect(200);
      expect(single.body.article_status).toBeNull();
    });

    it('answers 422 naming the field for a missing or unknown type, a bad page, size or order, or an unknown key', async () => {
      for (const [query, field] of [
        ['', 'type'],
        ['type=boat', 'type'],
        ['type=horse_racing&size=101', 'size'],
        ['type=horse_racing&size=0', 'size'],
        ['type=horse_racing&page=0', 'page'],
        ['type=horse_racing&page=abc', 'page'],
        ['type=horse_racing&order=sideways', 'order'],
        ['type=horse_racing&sort=name', 'sort'],
      ]) {
        const res = await http().get(`/v1/races?${query}`).set(as('viewer'));
        expect(res.status).toBe(422);
        expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
      }
    });

    it('never lets a query become a MongoDB operator', async () => {
      for (const query of [
        'type[$ne]=x',
        'type=horse_racing&page[$gt]=0',
        'type=horse_racing&type=auto_racing',
        'type=%7B%22%24ne%22%3A1%7D',
      ]) {
        const res = await http().get(`/v1/races?${query}`).set(as('viewer'));
        expect(res.status).toBe(422);
        expect(res.body.error.code).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('GET, PUT and DELETE /v1/races/{race_id}', () => {
    it('reads a race of any type by its id; 404 for an unknown one', async () => {
      const res = await http().get(`/v1/races/${FIXTURES.keirin.id}`).set(as('viewer')).expect(200);
      expect(res.body).toMatchObject({ id: FIXTURES.keirin.id, type: 'bicycle_racing', race_result: fixtureJson(FIXTURES.keirin) });
      const missing = await http().get('/v1/races/no-such-race').set(as('viewer'));
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('NOT_FOUND');
    });

    it('updates name and race_result, leaving omitted fields and the prediction as they are', async () => {
      const renamed = await http()
        .put(`/v1/races/${FIXTURES.horse.id}`)
        .set(as('member'))
        .send({ name: '2026-11-01_東京11R_天皇賞' })
        .expect(200);
      expect(renamed.body).toMatchObject({ name: '2026-11-01_東京11R_天皇賞', race_result: fixtureJson(FIXTURES.horse) });
      expect(renamed.body.prediction).toEqual(fixtureJson(FIXTURES.horsePrediction));
      const result = { ...fixtureJson(FIXTURES.horse), weather: '雨', 'odds.win': [[7, 3.4]], $note: 'kept as sent' };
      const updated = await http().put(`/v1/races/${FIXTURES.horse.id}`).set(as('member')).send({ race_result: result }).expect(200);
      expect(updated.body).toMatchObject({ name: '2026-11-01_東京11R_天皇賞', race_result: result });
      await http().put('/v1/races/no-such-race').set(as('member')).send({ name: 'x' }).expect(404);
    });

    it('refuses a prediction, a race_result naming another race, keys the store refuses, and a bad name (422)', async () => {
      for (const [body, field] of [
        [{ prediction: { entries: [] } }, 'prediction'],
        [{ race_result: { race_id: 'other-race' } }, 'race_result.race_id'],
        [{ race_result: [1, 2] }, 'race_result'],
        [{ name: '' }, 'name'],
        [{ name: 12 }, 'name'],
      ] as const) {
        const res = await http().put(`/v1/races/${FIXTURES.horse.id}`).set(as('member')).send(body);
        expect(res.status).toBe(422);
        expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
      }
    });

    it('soft-deletes a race (204); it is gone everywhere, and its race_id can be uploaded again', async () => {
      await http().delete(`/v1/races/${FIXTURES.auto.id}`).set(as('member')).expect(204);
      await http().get(`/v1/races/${FIXTURES.auto.id}`).set(as('viewer')).expect(404);
      await http().delete(`/v1/races/${FIXTURES.auto.id}`).set(as('member')).expect(404);
      const list = await http().get('/v1/races?type=auto_racing').set(as('viewer')).expect(200);
      expect(list.body).toEqual({ list: [], current_page: 1, total_count: 0 });
      const kept = await kit.db.collection('auto_racing_races').findOne({ _id: FIXTURES.auto.id as never });
      expect(kept?.deleted_at).toEqual(expect.any(Number));
      const again = await upload('bicycle_racing', fixtureBytes(FIXTURES.auto), 'again.json').expect(201);
      expect(again.body.type).toBe('bicycle_racing');
    });
  });
});
