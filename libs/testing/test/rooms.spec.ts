import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from '../src/harness';
import { appSources, type FloorPlan, structureViolations } from '../src/structure';

/**
 * libs/testing in rooms, one per job, each its own entry point (`@platform/testing/<room>`), so a test imports what it
 * uses. A room imports only the rooms below it, never a sibling, with the floor plan rule the apps use:
 *   sweep         the bad-input sweep and its classes, the document specs (uses the edge of deployment for oversize bodies)
 *   deployment, services, structure   images, compose and cluster files; private services; the floor plan
 *   harness       an app or worker under test, its scope, requests, fakes and costs
 *   conformance   the documents and the check every answer passes against them
 *   workspace.ts  where the workspace is
 */
const SRC = join(workspaceRoot, 'libs/testing/src');
const ROOMS: FloorPlan = {
  top: ['sweep'],
  features: ['deployment', 'services', 'structure'],
  kernel: ['harness'],
  adapters: ['conformance'],
  bottom: ['workspace.ts'],
};

describe('libs/testing rooms', () => {
  const files = appSources(SRC);

  it('has no file outside a room but workspace.ts, and an entry point per room', () => {
    const top = readdirSync(SRC).sort();
    expect(top).toEqual(['conformance', 'deployment', 'harness', 'services', 'structure', 'sweep', 'workspace.ts']);
    const paths = JSON.parse(readFileSync(join(workspaceRoot, 'tsconfig.base.json'), 'utf8')).compilerOptions.paths;
    for (const room of top.filter((name) => !name.endsWith('.ts'))) {
      expect(paths[`@platform/testing/${room}`]).toEqual([`libs/testing/src/${room}/index.ts`]);
    }
    expect(paths['@platform/testing']).toBeUndefined();
  });

  it('imports only the rooms below, never a sibling', () => {
    const problems = structureViolations(ROOMS, files).filter((line) => / imports /.test(line));
    expect(problems).toEqual([]);
  });

  it('catches a room importing one above it', () => {
    const planted = new Map(files);
    const path = 'harness/http-app.ts';
    planted.set(path, `${planted.get(path)}\nimport { x } from '../sweep/role-sweep';\n`);
    expect(structureViolations(ROOMS, planted).filter((line) => / imports /.test(line))).toEqual([
      expect.stringMatching(/harness\/http-app\.ts: imports sweep\/role-sweep\.ts, above it/),
    ]);
  });
});
