import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

const ROOT = join(__dirname, '../..');
/** The checkers' own tests, which spell out what they look for: this file and the docs' link check. */
const CHECKERS = new Set([relative(ROOT, __filename), 'scripts/test/docs-links.spec.ts']);

/**
 * Comments, descriptions and docs point at what the repository holds: an operation or schema of the committed
 * OpenAPI documents (docs/openapi), a docs page, a type or a file. The contracts and the design they were written
 * from live outside the repository, so a numbered section of them ("spec" and a number, or a section sign) or a
 * Markdown file no tracked file is named like is a pointer a reader cannot follow. Published standards (an RFC's
 * section, the OpenAPI or Compose specifications) are not such pointers.
 */
describe('citations point inside the repository', () => {
  it('finds a section number of a specification', () => {
    for (const text of [
      '/** Candidates (spec 4.2): list */',
      '// Spec 6, the status table',
      'the race-content spec 1-4.8',
      "the spec's 4.2",
      'The User of spec section 2.',
      'The queues of the spec (section 1)',
      'Race content is /v1/ping (§4.1)',
      '(spec 2 §5)',
    ]) {
      expect([text, sectionCitations(text).length > 0]).toEqual([text, true]);
    }
  });

  it('leaves ordinary uses of "spec" and published standards alone', () => {
    for (const text of [
      'unit specs beside the code, integration specs under test/',
      'scripts/test/release.spec.ts 2 times',
      'the OpenAPI spec 3.1 document',
      'against the Compose Specification 2 schema',
      'RFC 6749 section 10.12',
      'RFC 9110 §15.5',
      'spec: { containers: [] }',
      'const spec2 = load(spec1);',
      'the spec: not shown',
    ]) {
      expect([text, sectionCitations(text)]).toEqual([text, []]);
    }
  });

  it('finds a Markdown file no tracked file is named like, outside of URLs', () => {
    const names = new Set(['decisions.md', 'README.md']);
    expect(missingMarkdown('see docs/decisions.md and README.md', names)).toEqual([]);
    expect(missingMarkdown('the design (`DESIGN-NOTES.md` section 2)', names)).toEqual(['DESIGN-NOTES.md']);
    expect(missingMarkdown('https://github.com/org/repo/blob/main/CONTRIBUTING.md', names)).toEqual([]);
  });

  it('no tracked file cites a specification section or a file the repository does not contain', () => {
    const files = trackedFiles();
    const names = new Set(files.map((file) => basename(file)));
    const hits: string[] = [];
    for (const file of files.filter(scanned)) {
      const bytes = readFileSync(join(ROOT, file));
      if (bytes.subarray(0, 8000).includes(0)) continue; // binary
      bytes
        .toString('utf8')
        .split('\n')
        .forEach((line, index) => {
          const found = [
            ...sectionCitations(line).map((match) => `a specification section ("${match}")`),
            ...missingMarkdown(line, names).map((name) => `${name}, which the repository does not contain`),
          ];
          for (const what of found) hits.push(`${file}:${index + 1}: ${what}: ${line.trim().slice(0, 160)}`);
        });
    }
    expect(hits).toEqual([]);
  });
});

/** Names preceding "spec" that make it a published standard, whose numbers are fine to cite. */
const PUBLISHED = String.raw`(?<!(?:openapi|swagger|json schema|compose|otlp|opentelemetry|exporter) )`;

const SECTION_CITATIONS = [
  // "spec 4.2", "Spec 6", "spec's 4.2", "spec section 2", "spec (section 1)", "spec §5"
  new RegExp(
    String.raw`${PUBLISHED}(?<![\w.-])spec(?:ification)?s?(?:'s|’s)?(?:[ \t]+(?:\(?section[ \t]+)?|[ \t]*§[ \t]*)\d+(?:[.-]\d+)*`,
    'gi',
  ),
  // a section sign with a number, unless it follows an RFC's number
  new RegExp(String.raw`(?<!\bRFC \d{1,5} )§ ?\d+(?:\.\d+)*`, 'gi'),
];

/** The citations of a specification's numbered section on one line. */
function sectionCitations(line: string): string[] {
  return SECTION_CITATIONS.flatMap((pattern) => [...line.matchAll(pattern)].map(([match]) => match));
}

/** Markdown files named on one line that no tracked file is named like; links to other sites do not count. */
function missingMarkdown(line: string, names: ReadonlySet<string>): string[] {
  return line
    .split(/\s+/)
    .filter((word) => !word.includes('://'))
    .flatMap((word) => word.split(/[^\w./-]+/))
    .map((path) => (path.endsWith('.') ? path.slice(0, -1) : path)) // a sentence's full stop
    .filter((path) => path.endsWith('.md') && path.length > 3)
    .filter((path, index, paths) => !names.has(basename(path)) && paths.findIndex((other) => basename(other) === basename(path)) === index);
}

/** Every file git tracks or would track (new files not yet added included), as it is in the working tree. */
function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) => {
    const path = join(ROOT, file);
    return existsSync(path) && statSync(path).isFile();
  });
}

/** Generated OpenAPI documents follow the code they come from; lock files and dependencies are not ours. */
function scanned(file: string): boolean {
  if (CHECKERS.has(file)) return false;
  if (file.startsWith('docs/openapi/') || file.split('/').includes('node_modules')) return false;
  return !/(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml)$/.test(file);
}
