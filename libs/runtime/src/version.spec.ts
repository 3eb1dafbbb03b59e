import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLATFORM_VERSION } from './version';

const root = join(__dirname, '../../..');
const json = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

describe('the platform has one version', () => {
  it('is semver', () => {
    expect(PLATFORM_VERSION).toMatch(/^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$/);
  });

  it('is the same in package.json, its lockfile, the client package, the production overlay and every OpenAPI document', () => {
    const lock = json('package-lock.json');
    const documents = readdirSync(join(root, 'docs/openapi')).filter((file) => file.endsWith('.json'));
    expect(documents.length).toBeGreaterThan(0);
    expect({
      'package.json': json('package.json').version,
      'package-lock.json': lock.version,
      'package-lock.json packages[""]': lock.packages[''].version,
      'libs/client/package.json': json('libs/client/package.json').version,
      'k8s/overlays/production': /app\.kubernetes\.io\/version: &release (\S+)/.exec(
        readFileSync(join(root, 'k8s/overlays/production/kustomization.yaml'), 'utf8'),
      )?.[1],
      ...Object.fromEntries(documents.map((file) => [`docs/openapi/${file}`, json(`docs/openapi/${file}`).info.version])),
    }).toEqual({
      'package.json': PLATFORM_VERSION,
      'package-lock.json': PLATFORM_VERSION,
      'package-lock.json packages[""]': PLATFORM_VERSION,
      'libs/client/package.json': PLATFORM_VERSION,
      'k8s/overlays/production': PLATFORM_VERSION,
      ...Object.fromEntries(documents.map((file) => [`docs/openapi/${file}`, PLATFORM_VERSION])),
    });
  });

  it('has a changelog entry', () => {
    expect(readFileSync(join(root, 'CHANGELOG.md'), 'utf8')).toMatch(
      new RegExp(`^## \\[?${PLATFORM_VERSION.replace(/\./g, '\\.')}\\]?`, 'm'),
    );
  });
});
