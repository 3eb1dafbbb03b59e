import { describeBadInputSweep, describeOpenApiDocument, describeRoleSweep } from '@platform/testing/sweep';
import request from 'supertest';
import { FIXTURES, fixtureBytes } from './fixtures';
import { accessToken, as, type RaceContentKit, startRaceContentKit } from './test-app';

/**
 * Every documented route of race-content-api: its OpenAPI document (complete, linted, every success body
 * described) and the seeded bad-input sweep, as a member with real resources behind the path ids.
 */
describe('race-content-api as documented', () => {
  let kit: RaceContentKit;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    kit = await startRaceContentKit();
    const http = () => request(kit.server());
    const member = as('member');
    await http()
      .post('/v1/races')
      .set(member)
      .field('type', 'horse_racing')
      .attach('file', fixtureBytes(FIXTURES.horse), FIXTURES.horse.file)
      .expect(201);
    ids.race_id = FIXTURES.horse.id;
    ids.article_id = (
      await http()
        .post('/v1/articles')
        .set(member)
        .send({ race_id: ids.race_id, title: 't', body_html: '<p>x</p>', opening_at: 0 })
        .expect(201)
    ).body.id;
    ids.blog_id = (await http().post('/v1/blogs').set(member).send({ name: 'blog', body_html: '<h2>blog</h2>' }).expect(201)).body.id;
    ids.old_blog_id = (await http().post('/v1/old_blogs').set(member).send({ name: 'old', body_html: '<p>old</p>' }).expect(201)).body.id;
    ids.ng_word_id = (await http().post('/v1/ng_words').set(member).send({ name: 'ng' }).expect(201)).body.id;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    ids.media_id = (
      await http()
        .post('/v1/medias')
        .set(member)
        .field('name', 'sweep.png')
        .field('mime_type', 'image')
        .attach('file', png, 'sweep.png')
        .expect(201)
    ).body.id;
  });
  afterAll(() => kit?.close());

  describeOpenApiDocument(() => kit.app);
  describeBadInputSweep({
    app: () => kit.app,
    identity: () => as('member'),
    badIdentities: [
      { authorization: 'Bearer not-a-token' },
      { authorization: `Bearer ${accessToken('member', { expiresIn: -60 })}` },
      { authorization: `Bearer ${accessToken('admin', { secret: 'not-the-secret-of-this-service-0123456789' })}` },
      { authorization: 'Basic bWVtYmVyOnB3' },
    ],
    pathValues: () => ids,
    budget: 700,
  });
  describeRoleSweep({ app: () => kit.app, weakest: () => as('viewer'), pathValues: () => ids });
});
