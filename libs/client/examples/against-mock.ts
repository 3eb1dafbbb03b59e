/**
 * A console's first screens built against the mock (`npm run mock`), with nothing else running: the four clients with
 * any bearer token, each answering its documented example, and an error asked for with `Prefer: code=404`.
 *
 *   npm run mock &   node -r @swc-node/register libs/client/examples/against-mock.ts
 *
 * MOCK_URL names the mock (http://127.0.0.1:4010 by default). scripts/test/mock.spec.ts runs main() against it.
 */
import { ApiError, createAiWebhookClient, createRaceContentClient, createRecruitingClient, createSurveyBuilderClient } from '../src';

export interface MockExampleResult {
  projectNames: string[];
  surveyTitles: string[];
  raceIds: string[];
  eventRunState: string;
  notFound: string;
}

export async function main(baseUrl: string, log: (line: string) => void = () => undefined): Promise<MockExampleResult> {
  // The mock checks that a token is there, not what it holds.
  const options = { baseUrl, token: 'any-token-the-mock-accepts' };
  const recruiting = createRecruitingClient(options);
  const builder = createSurveyBuilderClient(options);
  const race = createRaceContentClient(options);
  const aiWebhook = createAiWebhookClient(options);

  const projects = (await recruiting.GET('/api/v1/projects')).data!.data;
  log(`projects: ${projects.map((p) => p.name).join(', ')}`);
  const surveys = (await builder.GET('/api/surveys')).data!.data;
  log(`surveys: ${surveys.map((s) => s.title).join(', ')}`);
  const races = (await race.GET('/v1/races', { params: { query: { type: 'horse_racing' } } })).data!.list;
  log(`races: ${races.map((r) => r.id).join(', ')}`);
  const status = (
    await aiWebhook.GET('/api/v1/organizations/{organization_id}/projects/{project_id}/wf2des/events/{event_run_id}/status', {
      params: { path: { organization_id: 1, project_id: 10, event_run_id: '1' } },
    })
  ).data!;
  log(`event run: ${status.state}`);

  let notFound = '';
  try {
    await recruiting.GET('/api/v1/projects/{projectId}', { params: { path: { projectId: 12 } }, headers: { Prefer: 'code=404' } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    notFound = `${error.status} ${error.code}: ${error.message}`;
    log(`an error, as the console shows it: ${notFound}`);
  }
  return {
    projectNames: projects.map((p) => p.name),
    surveyTitles: surveys.map((s) => s.title),
    raceIds: races.map((r) => r.id),
    eventRunState: status.state,
    notFound,
  };
}

if (require.main === module) {
  main(process.env.MOCK_URL ?? 'http://127.0.0.1:4010', (line) => console.log(line)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
