import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '../..');
const run = promisify(execFile);

/**
 * `bash scripts/release.sh` on a clone of this commit: the version bumped everywhere at once, the changelog entry
 * written from the commits, the release commit tagged, the client package packed (the images are built in CI's own
 * step; here RELEASE_IMAGES=0).
 */
describe('cutting a release (scripts/release.sh)', () => {
  let repo: string;
  const git = async (...args: string[]) => (await run('git', ['-C', repo, ...args])).stdout.trim();
  const json = (path: string) => JSON.parse(readFileSync(join(repo, path), 'utf8'));
  const release = (...args: string[]) =>
    run('bash', [join(repo, 'scripts/release.sh'), ...args], { env: { ...process.env, RELEASE_IMAGES: '0' }, timeout: 120_000 });

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platform-release-'));
    repo = join(dir, 'repo');
    await run('git', ['clone', '--quiet', ROOT, repo]);
    for (const shared of ['node_modules', '.tools']) symlinkSync(join(ROOT, shared), join(repo, shared));
    await git('config', 'user.email', 'release-test@example.com');
    await git('config', 'user.name', 'Release test');
    // Two changes since the last release, as the team commits them.
    writeFileSync(join(repo, 'docs/runbooks/README.md'), `${readFileSync(join(repo, 'docs/runbooks/README.md'), 'utf8')}\n`);
    await git('commit', '--quiet', '-am', 'feat(recruiting): candidates can be exported');
    writeFileSync(join(repo, 'docs/runbooks/README.md'), `${readFileSync(join(repo, 'docs/runbooks/README.md'), 'utf8')}\n`);
    await git('commit', '--quiet', '-am', 'fix(builder): a copied survey keeps its theme');
  });
  afterAll(() => repo && rmSync(join(repo, '..'), { recursive: true, force: true }));

  it('refuses a working tree with changes', async () => {
    writeFileSync(join(repo, 'stray.txt'), 'x');
    await expect(release('minor')).rejects.toMatchObject({ stderr: expect.stringContaining('the working tree has changes') });
    rmSync(join(repo, 'stray.txt'));
  });

  it('bumps one version everywhere, writes the changelog from the commits, tags the release and packs the client', async () => {
    const [major, minor] = json('package.json').version.split('.').map(Number);
    const version = `${major}.${minor + 1}.0`;
    const { stdout } = await release('minor');
    expect(stdout.trim().split('\n').pop()).toBe(version);

    expect(await git('log', '-1', '--format=%s')).toBe(`chore(release): v${version}`);
    expect(await git('describe', '--exact-match', '--tags', 'HEAD')).toBe(`v${version}`);
    expect(await git('status', '--porcelain')).toBe('');
    const lock = json('package-lock.json');
    const documents = readdirSync(join(repo, 'docs/openapi')).filter((file) => file.endsWith('.json'));
    expect({
      package: json('package.json').version,
      lock: [lock.version, lock.packages[''].version],
      client: json('libs/client/package.json').version,
      runtime: /PLATFORM_VERSION = '([^']+)'/.exec(readFileSync(join(repo, 'libs/runtime/src/version.ts'), 'utf8'))![1],
      overlay: /app\.kubernetes\.io\/version: &release (\S+)/.exec(
        readFileSync(join(repo, 'k8s/overlays/production/kustomization.yaml'), 'utf8'),
      )![1],
      openapi: documents.map((file) => json(`docs/openapi/${file}`).info.version),
    }).toEqual({
      package: version,
      lock: [version, version],
      client: version,
      runtime: version,
      overlay: version,
      openapi: documents.map(() => version),
    });

    const changelog = readFileSync(join(repo, 'CHANGELOG.md'), 'utf8');
    const entry = changelog.slice(changelog.indexOf(`## [${version}]`), changelog.indexOf('## 0.1.0'));
    // Its heading links the range of commits (`git log v0.1.0...v0.2.0`); each commit under its section.
    expect(entry).toMatch(new RegExp(`^## \\[${version}\\]\\(v[\\d.]+\\.\\.\\.v${version}\\) \\(\\d{4}-\\d\\d-\\d\\d\\)`));
    const features = entry.slice(entry.indexOf('### Features'), entry.indexOf('### Bug fixes'));
    expect(features).toMatch(/^\* \*\*recruiting:\*\* candidates can be exported [0-9a-f]{7}$/m);
    expect(entry.slice(entry.indexOf('### Bug fixes'))).toMatch(/^\* \*\*builder:\*\* a copied survey keeps its theme [0-9a-f]{7}$/m);
    expect(changelog.indexOf(`## [${version}]`)).toBeLessThan(changelog.indexOf('## 0.1.0'));
    expect(existsSync(join(repo, `.data/releases/${version}/platform-client-${version}.tgz`))).toBe(true);
  }, 120_000);
});
