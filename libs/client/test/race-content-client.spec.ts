import { JwtService } from '@nestjs/jwt';
import { type RaceContentKit, startRaceContentKit, TEST_JWT_SECRET } from '../../../apps/race-content-api/test/test-app';
import { createRaceContentClient, isRaceContentError, raceContentItems, uploadMedia } from '../src';
import { countingFetch, listen } from './support';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** race-content-api on a real port with its own database and bucket, called through @platform/client. */
describe('@platform/client against race-content-api', () => {
  let kit: RaceContentKit;
  let baseUrl: string;
  const token = new JwtService().sign({ sub: '7', role: 'member', type: 'access' }, { secret: TEST_JWT_SECRET, expiresIn: 3600 });

  beforeAll(async () => {
    kit = await startRaceContentKit();
    baseUrl = await listen(kit.app);
  });
  afterAll(() => kit?.close());

  it('iterates every page of a paged list ({list, current_page, total_count})', async () => {
    const client = createRaceContentClient({ baseUrl, token });
    const names = Array.from({ length: 23 }, (_, i) => `禁止語-${i}`);
    for (const name of names) await client.POST('/v1/ng_words', { body: { name } });
    const counter = countingFetch('/v1/ng_words');
    const paged = createRaceContentClient({ baseUrl, token, fetch: counter.fetch });
    const seen: string[] = [];
    for await (const word of raceContentItems((page) => paged.GET('/v1/ng_words', { params: { query: { page, size: 10 } } }))) {
      seen.push(word.name);
    }
    expect(seen.sort()).toEqual(names.sort());
    expect(counter.calls).toBe(3);
  });

  it('uploads a media file as multipart, fields before the file', async () => {
    const client = createRaceContentClient({ baseUrl, token });
    const media = await uploadMedia(client, { name: 'client-logo.png', mimeType: 'image', content: new Blob([PNG]), filename: 'logo.png' });
    expect(media).toMatchObject({ name: 'client-logo.png', mime_type: 'image', size: PNG.length });
    expect(await kit.storage.exists('medias/client-logo.png')).toBe(true);
  });

  it("throws race content's errors typed by its codes", async () => {
    const client = createRaceContentClient({ baseUrl, token });
    await client.POST('/v1/ng_words', { body: { name: 'twice' } });
    const error = await client.POST('/v1/ng_words', { body: { name: 'twice' } }).catch((e: unknown) => e);
    expect(isRaceContentError(error, 'NAME_TAKEN')).toBe(true);
    expect(error).toMatchObject({ status: 409, code: 'NAME_TAKEN', requestId: expect.any(String) });
    const invalid = await client.GET('/v1/ng_words', { params: { query: { size: -1 } } }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
  });
});
