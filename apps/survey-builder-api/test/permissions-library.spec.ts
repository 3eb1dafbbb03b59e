import { ADMIN, type Builder, createSurvey, startBuilder } from './builder-kit';

describe('permissions and question library on a real PostgreSQL', () => {
  let builder: Builder;
  const alice = { email: 'alice@example.com', name: 'Alice' };
  const bob = { email: 'bob@example.com', name: 'Bob' };
  let bobId: string;

  beforeAll(async () => {
    builder = await startBuilder();
    const own = await createSurvey(builder.as(bob), { generateInitialContent: false });
    bobId = own.permissions[0].userId;
  });
  afterAll(() => builder?.close());

  describe('permissions', () => {
    it('lists and replaces the whole list; the sent list is the new list', async () => {
      const survey = await createSurvey(builder.as(alice));
      const aliceId = survey.permissions[0].userId;
      const listed = (await builder.as(alice).get(`/api/surveys/${survey.id}/permissions`).expect(200)).body.data;
      expect(listed).toEqual([{ userId: aliceId, userName: 'Alice', roleType: 'edit' }]);
      const replaced = (
        await builder
          .as(alice)
          .put(`/api/surveys/${survey.id}/permissions`, {
            permissions: [
              { userId: aliceId, userName: 'Alice', roleType: 'edit' },
              { userId: bobId, userName: 'Bob', roleType: 'edit' },
            ],
          })
          .expect(200)
      ).body.data;
      expect(replaced.map((p: { userName: string; roleType: string }) => [p.userName, p.roleType])).toEqual([
        ['Alice', 'edit'],
        ['Bob', 'edit'],
      ]);
      await builder
        .as(bob)
        .put(`/api/surveys/${survey.id}/permissions`, { permissions: [{ userId: bobId, userName: 'Bob', roleType: 'edit' }] })
        .expect(200);
      await builder.as(alice).get(`/api/surveys/${survey.id}`).expect(404);
    });

    it('refuses the whole update when a user does not exist or the caller drops their own edit, telling which', async () => {
      const survey = await createSurvey(builder.as(alice));
      const aliceId = survey.permissions[0].userId;
      const ghost = await builder
        .as(alice)
        .put(`/api/surveys/${survey.id}/permissions`, {
          permissions: [
            { userId: aliceId, userName: 'Alice', roleType: 'edit' },
            { userId: '5b9f0a6e-0000-4000-8000-000000000000', userName: 'Ghost', roleType: 'view' },
          ],
        })
        .expect(404);
      expect(ghost.body.error).toMatchObject({
        code: 'USER_NOT_FOUND',
        message: 'User 5b9f0a6e-0000-4000-8000-000000000000 does not exist',
      });
      const dropped = await builder
        .as(alice)
        .put(`/api/surveys/${survey.id}/permissions`, {
          permissions: [
            { userId: aliceId, userName: 'Alice', roleType: 'view' },
            { userId: bobId, userName: 'Bob', roleType: 'edit' },
          ],
        })
        .expect(404);
      expect(dropped.body.error).toMatchObject({
        code: 'OWN_EDIT_PERMISSION_REQUIRED',
        message: 'The list must keep your own edit permission',
      });
      expect((await builder.as(alice).get(`/api/surveys/${survey.id}/permissions`).expect(200)).body.data).toHaveLength(1);
    });

    it('lets an administrator set a list without themselves', async () => {
      const survey = await createSurvey(builder.as(alice));
      await builder
        .as(ADMIN)
        .put(`/api/surveys/${survey.id}/permissions`, { permissions: [{ userId: bobId, userName: 'Bob', roleType: 'view' }] })
        .expect(200);
      await builder.as(bob).get(`/api/surveys/${survey.id}`).expect(200);
      await builder.as(alice).get(`/api/surveys/${survey.id}`).expect(404);
    });

    it('validates the body and needs view to read, edit to write', async () => {
      const survey = await createSurvey(builder.as(alice));
      const bad = await builder
        .as(alice)
        .put(`/api/surveys/${survey.id}/permissions`, { permissions: [{ userId: 'x', userName: 'X', roleType: 'owner' }] })
        .expect(400);
      expect(bad.body.error.details.map((d: { field: string }) => d.field)).toEqual(['permissions.0.userId', 'permissions.0.roleType']);
      await builder.as(alice).put(`/api/surveys/${survey.id}/permissions`, {}).expect(400);
      await builder.as(bob).get(`/api/surveys/${survey.id}/permissions`).expect(404);
      await builder.as(bob).put(`/api/surveys/${survey.id}/permissions`, { permissions: [] }).expect(404);
    });
  });

  describe('question library', () => {
    it('lists entries for any user, filtered by keyword over prompt text and section title, and by category', async () => {
      const survey = await createSurvey(builder.as(alice), { category: '飲料' });
      await builder.as(alice).post(`/api/surveys/${survey.id}/export`).expect(200);
      const other = await createSurvey(builder.as(bob), { category: '食品' });
      await builder.as(bob).post(`/api/surveys/${other.id}/export`).expect(200);
      const list = async (query: string) =>
        (await builder.as({ email: 'carol@example.com', name: 'Carol' }).get(`/api/question-library${query}`).expect(200)).body.data;
      expect(await list('')).toHaveLength(16);
      expect(
        (await list('?category=飲料'.replace('飲料', encodeURIComponent('飲料')))).every(
          (e: { category: string }) => e.category === '飲料',
        ),
      ).toBe(true);
      expect(await list(`?q=${encodeURIComponent('性別')}`)).toHaveLength(2);
      expect(await list(`?q=${encodeURIComponent('スクリーニング')}`)).toHaveLength(6);
      expect(await list(`?q=${encodeURIComponent('性別')}&category=${encodeURIComponent('食品')}`)).toHaveLength(1);
      expect(await list('?limit=3&offset=1')).toHaveLength(3);
      await builder.as(alice).get('/api/question-library?limit=0').expect(400);
    });

    it('lets only administrators delete, checking that before the lookup (403, even for an unknown id); 404 for a missing entry', async () => {
      const [entry] = (await builder.as(alice).get('/api/question-library').expect(200)).body.data;
      await builder.as(alice).delete(`/api/question-library/${entry.id}`).expect(403);
      await builder.as(alice).delete('/api/question-library/5b9f0a6e-0000-4000-8000-000000000000').expect(403);
      await builder
        .as(ADMIN)
        .delete(`/api/question-library/${entry.id}`)
        .expect(200, { ok: true, data: { deleted: true } });
      await builder.as(ADMIN).delete(`/api/question-library/${entry.id}`).expect(404);
    });
  });
});
