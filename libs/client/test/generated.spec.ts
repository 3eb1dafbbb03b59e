import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { errorCodesOf } from '../scripts/error-codes';
import { CLIENT_APPS, DOCUMENTS_DIR, GENERATED_DIR } from '../scripts/locations';

const ROOT = join(__dirname, '../../..');

/**
 * The committed client types are what the committed documents give: a document changed without `npm run openapi`
 * fails here. The generator runs as the command does, in its own process (openapi-typescript's dependencies are ES
 * modules Jest's runtime would have to transform).
 */
describe('generated client types', () => {
  let out: string;
  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'client-types-'));
  });
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('match a fresh generation from docs/openapi byte for byte', async () => {
    await promisify(execFile)(process.execPath, ['-r', '@swc-node/register', 'libs/client/scripts/generate.ts', DOCUMENTS_DIR, out], {
      cwd: ROOT,
    });
    expect((await readdir(GENERATED_DIR)).sort()).toEqual(CLIENT_APPS.map((app) => `${app}.ts`).sort());
    for (const app of CLIENT_APPS) {
      const committed = await readFile(join(GENERATED_DIR, `${app}.ts`), 'utf8');
      const fresh = await readFile(join(out, `${app}.ts`), 'utf8');
      expect({ app, upToDate: committed === fresh }).toEqual({ app, upToDate: true });
    }
  }, 60_000);

  it("takes each service's error codes from its ErrorBody's code enum, and refuses a document without one", async () => {
    const document = JSON.parse(await readFile(join(DOCUMENTS_DIR, 'recruiting-api.json'), 'utf8'));
    expect(errorCodesOf('recruiting-api', document)).toEqual(expect.arrayContaining(['NOT_FOUND', 'SCORING_ERROR', 'SLOT_NOT_AVAILABLE']));
    const codes = errorCodesOf('recruiting-api', document);
    expect(codes).toEqual([...codes].sort());
    delete document.components.schemas.ErrorBody;
    expect(() => errorCodesOf('recruiting-api', document)).toThrow(/ErrorBody lists no error codes/);
  });
});
