import { ObjectId } from 'mongodb';
import request from 'supertest';
import { handBuiltForm } from '@platform/testing/sweep';
import { as, type RaceContentKit, startRaceContentKit } from './test-app';

/** A 1x1 PNG, a JPEG header and an MP4 header, padded to a size. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const jpeg = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), Buffer.from('JFIF'), Buffer.alloc(size - 10, 7)]);
const mp4 = (size: number) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2avc1mp41'),
    Buffer.alloc(size - 32, 1),
  ]);

describe('media on S3 against versitygw and FerretDB', () => {
  let kit: RaceContentKit;
  const http = () => request(kit.server());
  const upload = (
    fields: Record<string, string>,
    file?: { bytes: Buffer; filename: string },
    method: 'post' | 'put' = 'post',
    path = '/v1/medias',
  ) => {
    let req = http()[method](path).set(as('member'));
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    return file ? req.attach('file', file.bytes, file.filename) : req;
  };
  const objectOf = (key: string) => kit.storage.get(key);
  const count = () => kit.db.collection('medias').countDocuments({ deleted_at: null });
  const fetchBytes = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

  beforeAll(async () => {
    kit = await startRaceContentKit({ MEDIA_MAX_BYTES: String(1024 * 1024) });
  });
  afterAll(() => kit?.close());

  describe('POST /v1/medias', () => {
    it('streams the file to S3 under a key from its name and answers with a presigned URL valid one hour', async () => {
      const res = await upload({ name: '天皇賞 ロゴ.png', mime_type: 'image' }, { bytes: PNG, filename: 'logo.png' }).expect(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: '天皇賞 ロゴ.png',
        mime_type: 'image',
        s3_url: expect.stringMatching(/^http:\/\//),
        size: PNG.length,
        race_id: null,
        created_at: expect.any(Number),
        updated_at: res.body.created_at,
      });
      const url = new URL(res.body.s3_url);
      expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
      expect(decodeURIComponent(url.pathname)).toMatch(/\/medias\/天皇賞 ロゴ\.png$/);
      expect(await fetchBytes(res.body.s3_url)).toEqual(PNG);
      expect(await objectOf('medias/天皇賞 ロゴ.png')).toEqual(PNG);
      const stored = await kit.db.collection('medias').findOne({ _id: new ObjectId(res.body.id) });
      expect(stored).toMatchObject({
        key: 'medias/天皇賞 ロゴ.png',
        s3_url: `s3://${kit.config.storage.bucket}/medias/天皇賞 ロゴ.png`,
        content_type: 'image/png',
      });
    });

    it('stores a video close to the limit', async () => {
      const bytes = mp4(1000 * 1000);
      const res = await upload({ name: 'finish.mp4', mime_type: 'video' }, { bytes, filename: 'finish.mp4' }).expect(201);
      expect(res.body).toMatchObject({ mime_type: 'video', size: bytes.length });
      expect((await objectOf('medias/finish.mp4')).equals(bytes)).toBe(true);
    });

    it('answers 409 for a name in use; of two concurrent uploads of one name one gets 201', async () => {
      const taken = await upload({ name: '天皇賞 ロゴ.png', mime_type: 'image' }, { bytes: PNG, filename: 'x.png' });
      expect(taken.status).toBe(409);
      expect(taken.body.error.code).toBe('NAME_TAKEN');
      const answers = await Promise.all(
        [1, 2].map(() => upload({ name: 'race.jpg', mime_type: 'image' }, { bytes: jpeg(5000), filename: 'r.jpg' })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    });

    it('answers 422 for content that is not the declared kind, keeping nothing and freeing the name', async () => {
      const before = await count();
      const text = await upload(
        { name: 'fake.png', mime_type: 'image' },
        { bytes: Buffer.from('<svg><script>alert(1)</script></svg>'), filename: 'fake.png' },
      );
      expect(text.status).toBe(422);
      expect(text.body.error).toMatchObject({ code: 'MEDIA_TYPE_MISMATCH', details: [expect.objectContaining({ field: 'mime_type' })] });
      const video = await upload({ name: 'fake.png', mime_type: 'image' }, { bytes: mp4(2000), filename: 'fake.png' });
      expect(video.status).toBe(422);
      expect(await count()).toBe(before);
      expect(await kit.storage.exists('medias/fake.png')).toBe(false);
      await upload({ name: 'fake.png', mime_type: 'image' }, { bytes: PNG, filename: 'fake.png' }).expect(201);
    });

    it('answers 413 above the size limit, keeping nothing', async () => {
      const before = await count();
      const res = await upload({ name: 'too-big.mp4', mime_type: 'video' }, { bytes: mp4(2 * 1024 * 1024), filename: 'big.mp4' });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(await count()).toBe(before);
      expect(await kit.storage.exists('medias/too-big.mp4')).toBe(false);
      await upload({ name: 'too-big.mp4', mime_type: 'video' }, { bytes: mp4(4096), filename: 'ok.mp4' }).expect(201);
    });

    it('answers 422 for a form cut off before its closing boundary, keeping nothing and freeing the name', async () => {
      const before = await count();
      for (const bytes of [jpeg(40_000), jpeg(40_000).subarray(0, 20_000)]) {
        const form = handBuiltForm(
          [
            { name: 'name', value: 'cut.jpg' },
            { name: 'mime_type', value: 'image' },
            { name: 'file', filename: 'cut.jpg', bytes, type: 'image/jpeg' },
          ],
          { unterminated: true },
        );
        const res = await http().post('/v1/medias').set(as('member')).set('content-type', form.contentType).send(form.body);
        expect(res.status).toBe(422);
        expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/closing boundary/) });
      }
      expect(await count()).toBe(before);
      expect(await kit.storage.exists('medias/cut.jpg')).toBe(false);
      const freed = await upload({ name: 'cut.jpg', mime_type: 'image' }, { bytes: jpeg(3000), filename: 'cut.jpg' }).expect(201);
      await http().delete(`/v1/medias/${freed.body.id}`).set(as('member')).expect(204);
    });

    it('refuses names that are not safe object keys, unknown mime types (422) and a missing file (400)', async () => {
      for (const name of ['../../etc/passwd', 'a/b.png', '..', 'bad\u0001name', ' padded ', 'x'.repeat(201), 'rtl\u202egnp.exe']) {
        const res = await upload({ name, mime_type: 'image' }, { bytes: PNG, filename: 'x.png' });
        expect(res.status).toBe(422);
        expect(res.body.error.details[0].field).toBe('name');
      }
      const mime = await upload({ name: 'ok.png', mime_type: 'audio' }, { bytes: PNG, filename: 'x.png' });
      expect(mime.status).toBe(422);
      expect(mime.body.error.details[0].field).toBe('mime_type');
      const operator = await upload({ 'name[$ne]': 'x', mime_type: 'image' }, { bytes: PNG, filename: 'x.png' });
      expect(operator.status).toBe(422);
      const noFile = await upload({ name: 'nofile.png', mime_type: 'image' });
      expect(noFile.status).toBe(400);
      expect(noFile.body.error.code).toBe('INVALID_FILE');
      const fileFirst = await http()
        .post('/v1/medias')
        .set(as('member'))
        .attach('file', PNG, 'x.png')
        .field('name', 'late.png')
        .field('mime_type', 'image');
      expect(fileFirst.status).toBe(422);
      expect((await upload({ name: 'v.png', mime_type: 'image' }, { bytes: PNG, filename: 'x.png' }).set(as('viewer'))).status).toBe(403);
    });
  });

  describe('reads', () => {
    it('lists by updated_at, filtered by mime_type, each with a fresh presigned URL', async () => {
      const videos = await http().get('/v1/medias?mime_type=video&order=asc').set(as('viewer')).expect(200);
      expect(videos.body.list.map((m: { name: string }) => m.name)).toEqual(['finish.mp4', 'too-big.mp4']);
      expect(videos.body.total_count).toBe(2);
      for (const media of videos.body.list) expect((await fetch(media.s3_url)).status).toBe(200);
      const all = await http().get('/v1/medias?size=2&page=2').set(as('viewer')).expect(200);
      expect(all.body).toMatchObject({ current_page: 2, total_count: 5 });
      expect(all.body.list).toHaveLength(2);
      expect((await http().get('/v1/medias?mime_type=audio').set(as('viewer'))).status).toBe(422);
    });

    it('gets one; 404 for an unknown or malformed id', async () => {
      const [first] = (await http().get('/v1/medias?order=asc').set(as('viewer')).expect(200)).body.list;
      const res = await http().get(`/v1/medias/${first.id}`).set(as('viewer')).expect(200);
      expect(res.body).toMatchObject({ id: first.id, name: first.name });
      await http().get(`/v1/medias/${new ObjectId().toHexString()}`).set(as('viewer')).expect(404);
      await http().get('/v1/medias/..%2F..%2Fetc').set(as('viewer')).expect(404);
    });
  });

  describe('PUT /v1/medias/{media_id}', () => {
    let id: string;

    beforeAll(async () => {
      id = (await upload({ name: 'before.jpg', mime_type: 'image' }, { bytes: jpeg(3000), filename: 'b.jpg' }).expect(201)).body.id;
    });

    it('renames: the object moves to the new key, the old name is freed', async () => {
      const res = await upload({ name: 'after.jpg' }, undefined, 'put', `/v1/medias/${id}`).expect(200);
      expect(res.body).toMatchObject({ id, name: 'after.jpg', size: 3000, mime_type: 'image' });
      expect((await objectOf('medias/after.jpg')).equals(jpeg(3000))).toBe(true);
      expect(await kit.storage.exists('medias/before.jpg')).toBe(false);
      await upload({ name: 'before.jpg', mime_type: 'image' }, { bytes: PNG, filename: 'b.png' }).expect(201);
    });

    it('answers 409 for a name another media has', async () => {
      const res = await upload({ name: 'finish.mp4' }, undefined, 'put', `/v1/medias/${id}`);
      expect(res.status).toBe(409);
      expect((await http().get(`/v1/medias/${id}`).set(as('viewer')).expect(200)).body.name).toBe('after.jpg');
    });

    it('overwrites the object with a new file and updates the size; a new kind needs its mime_type', async () => {
      const bytes = jpeg(7000);
      const res = await upload({}, { bytes, filename: 'new.jpg' }, 'put', `/v1/medias/${id}`).expect(200);
      expect(res.body).toMatchObject({ name: 'after.jpg', size: 7000 });
      expect((await objectOf('medias/after.jpg')).equals(bytes)).toBe(true);
      expect((await upload({}, { bytes: mp4(5000), filename: 'v.mp4' }, 'put', `/v1/medias/${id}`)).status).toBe(422);
      const video = await upload(
        { name: 'after.mp4', mime_type: 'video' },
        { bytes: mp4(5000), filename: 'v.mp4' },
        'put',
        `/v1/medias/${id}`,
      ).expect(200);
      expect(video.body).toMatchObject({ name: 'after.mp4', mime_type: 'video', size: 5000 });
      expect(await kit.storage.exists('medias/after.jpg')).toBe(false);
    });

    it('answers 422 for a replacement file cut off before the closing boundary, leaving the media as it was', async () => {
      const before = (await http().get(`/v1/medias/${id}`).set(as('viewer')).expect(200)).body;
      const stored = await objectOf(`medias/${before.name}`);
      const form = handBuiltForm([{ name: 'file', filename: 'x.mp4', bytes: mp4(30_000), type: 'video/mp4' }], { unterminated: true });
      const res = await http().put(`/v1/medias/${id}`).set(as('member')).set('content-type', form.contentType).send(form.body);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      const after = (await http().get(`/v1/medias/${id}`).set(as('viewer')).expect(200)).body;
      expect({ ...after, s3_url: undefined }).toEqual({ ...before, s3_url: undefined });
      expect((await objectOf(`medias/${before.name}`)).equals(stored)).toBe(true);
    });

    it('answers 422 for a mime_type that disagrees with the stored file, 404 for no media', async () => {
      const res = await upload({ mime_type: 'image' }, undefined, 'put', `/v1/medias/${id}`);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('MEDIA_TYPE_MISMATCH');
      await upload({ name: 'x.png' }, undefined, 'put', `/v1/medias/${new ObjectId().toHexString()}`).expect(404);
      expect((await upload({ name: '../x' }, undefined, 'put', `/v1/medias/${id}`)).status).toBe(422);
    });
  });

  it('soft-deletes (204): the object is removed, the name freed, reads answer 404', async () => {
    const res = await upload({ name: 'gone.png', mime_type: 'image' }, { bytes: PNG, filename: 'g.png' }).expect(201);
    await http().delete(`/v1/medias/${res.body.id}`).set(as('member')).expect(204);
    await http().get(`/v1/medias/${res.body.id}`).set(as('viewer')).expect(404);
    await http().delete(`/v1/medias/${res.body.id}`).set(as('member')).expect(404);
    expect(await kit.storage.exists('medias/gone.png')).toBe(false);
    await upload({ name: 'gone.png', mime_type: 'image' }, { bytes: PNG, filename: 'g.png' }).expect(201);
  });

  it('answers 500 STORAGE_FAILURE when object storage fails, leaving no record, no change and the names free', async () => {
    const before = await count();
    const existing = (await upload({ name: 'stays.png', mime_type: 'image' }, { bytes: PNG, filename: 's.png' }).expect(201)).body;
    const bucket = kit.config.storage.bucket;
    const { deleteBucket } = await import('@platform/testing/harness');
    await deleteBucket(kit.storage.client, bucket);
    try {
      const res = await upload({ name: 'no-store.png', mime_type: 'image' }, { bytes: PNG, filename: 'n.png' });
      expect(res.status).toBe(500);
      expect(res.body.error).toMatchObject({ code: 'STORAGE_FAILURE', message: 'The file could not be stored' });
      expect(await count()).toBe(before + 1);
      expect(await kit.db.collection('media_names').countDocuments({ _id: 'no-store.png' as never })).toBe(0);

      for (const [fields, file] of [
        [{ name: 'moved.png' }, undefined],
        [{}, { bytes: PNG, filename: 'again.png' }],
      ] as const) {
        const update = await upload(fields, file, 'put', `/v1/medias/${existing.id}`);
        expect(update.status).toBe(500);
        expect(update.body.error.code).toBe('STORAGE_FAILURE');
      }
      const kept = await http().get(`/v1/medias/${existing.id}`).set(as('viewer')).expect(200);
      expect(kept.body).toMatchObject({ name: 'stays.png', size: PNG.length, updated_at: existing.updated_at });
      expect(await kit.db.collection('media_names').countDocuments({ _id: 'moved.png' as never })).toBe(0);
    } finally {
      await kit.storage.ensureBucket();
    }
  });
});
