import { ADMIN, type Builder, startBuilder, THEME } from '../../../apps/survey-builder-api/test/builder-kit';
import { builderItems, createSurveyBuilderClient, isSurveyBuilderError } from '../src';
import { countingFetch, listen } from './support';

/**
 * survey-builder-api on a real port, called through @platform/client. Without the edge, the identity goes as the
 * in-cluster headers (through the edge, the platform token does: docs/console.md).
 */
describe('@platform/client against survey-builder-api', () => {
  let builder: Builder;
  let baseUrl: string;
  const identity = { 'x-user-email': ADMIN.email, 'x-user-name': ADMIN.name };

  beforeAll(async () => {
    builder = await startBuilder();
    baseUrl = await listen(builder.app);
  });
  afterAll(() => builder?.close());

  it('creates surveys and iterates the list by offset', async () => {
    const client = createSurveyBuilderClient({ baseUrl, headers: identity });
    const titles = Array.from({ length: 5 }, (_, i) => `Client survey ${i}`);
    for (const title of titles) await client.POST('/api/surveys', { body: { ...THEME, title } });
    const counter = countingFetch('/api/surveys');
    const paged = createSurveyBuilderClient({ baseUrl, headers: identity, fetch: counter.fetch });
    const seen: string[] = [];
    for await (const survey of builderItems(2, (offset, limit) => paged.GET('/api/surveys', { params: { query: { offset, limit } } }))) {
      seen.push(survey.title);
    }
    expect(seen.sort()).toEqual(titles.sort());
    expect(counter.calls).toBe(3);
  });

  it("throws the builder's errors typed by its codes", async () => {
    const client = createSurveyBuilderClient({ baseUrl, headers: identity, requestId: 'builder-req-1' });
    const error = await client
      .GET('/api/surveys/{surveyId}', { params: { path: { surveyId: '00000000-0000-4000-8000-000000000000' } } })
      .catch((e: unknown) => e);
    expect(isSurveyBuilderError(error, 'NOT_FOUND')).toBe(true);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', requestId: 'builder-req-1' });
    const anonymous = await createSurveyBuilderClient({ baseUrl })
      .GET('/api/surveys')
      .catch((e: unknown) => e);
    expect(anonymous).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });
});
