import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { workspaceRoot } from '@platform/testing/harness';
import { as } from './test-app';

/** The sample race files shipped in libs/race-content-data/fixtures. */
export const FIXTURES = {
  horse: { type: 'horse_racing', file: '2026-11-01_tokyo_11R_tenno-sho-autumn.json', id: 'h-20261101-05-11' },
  horsePrediction: { type: 'horse_racing', file: '2026-11-01_tokyo_11R_tenno-sho-autumn.prediction.json', id: 'h-20261101-05-11' },
  horseDeadHeat: { type: 'horse_racing', file: '2026-11-02_kyoto_05R_2yo-maiden-dead-heat.json', id: 'h-20261102-08-05' },
  horseVoid: { type: 'horse_racing', file: '2026-11-03_niigata_03R_cancelled.json', id: 'h-20261103-04-03' },
  keirin: { type: 'bicycle_racing', file: '2026-12-30_tachikawa_11R_keirin-grand-prix.json', id: 'k-20261230-27-11' },
  keirinPrediction: { type: 'bicycle_racing', file: '2026-12-30_tachikawa_11R_keirin-grand-prix.prediction.json', id: 'k-20261230-27-11' },
  keirinDeadHeat: { type: 'bicycle_racing', file: '2026-11-08_kokura_07R_dead-heat.json', id: 'k-20261108-81-07' },
  keirinVoid: { type: 'bicycle_racing', file: '2026-11-09_maebashi_02R_not-held.json', id: 'k-20261109-23-02' },
  auto: { type: 'auto_racing', file: '2026-11-03_kawaguchi_12R_japan-championship.json', id: 'a-20261103-02-12' },
  autoPrediction: { type: 'auto_racing', file: '2026-11-03_kawaguchi_12R_japan-championship.prediction.json', id: 'a-20261103-02-12' },
  autoDeadHeat: { type: 'auto_racing', file: '2026-11-04_iizuka_06R_dead-heat.json', id: 'a-20261104-06-06' },
  autoVoid: { type: 'auto_racing', file: '2026-11-05_sanyo_01R_rain-cancelled.json', id: 'a-20261105-07-01' },
} as const;

export type Fixture = (typeof FIXTURES)[keyof typeof FIXTURES];

export function fixtureBytes(fixture: Fixture): Buffer {
  return readFileSync(join(workspaceRoot, 'libs/race-content-data/fixtures', fixture.type, fixture.file));
}

export function fixtureJson(fixture: Fixture): Record<string, unknown> {
  return JSON.parse(fixtureBytes(fixture).toString('utf8'));
}

/** Creates a race from each fixture file through `POST /v1/races`, as a member; each must answer 201. */
export async function createRaces(server: Parameters<typeof request>[0], fixtures: Fixture[]): Promise<void> {
  for (const fixture of fixtures) {
    await request(server)
      .post('/v1/races')
      .set(as('member'))
      .field('type', fixture.type)
      .attach('file', fixtureBytes(fixture), fixture.file)
      .expect(201);
  }
}
