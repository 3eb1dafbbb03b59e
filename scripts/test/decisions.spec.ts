import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../..');
const DECISIONS = 'docs/decisions.md';

/**
 * docs/decisions.md is a set of decision records a newcomer can scan: an index at the top linking every record, each
 * record a `###` heading with its Context, Decision and Consequences, no issue numbers and no history of passes. Code
 * and docs cite a record by the file and its title in quotes on one line; every such title must be a heading of the
 * file, so renaming a record fails here until its citations follow.
 */
describe('docs/decisions.md', () => {
  const text = readFileSync(join(ROOT, DECISIONS), 'utf8');
  const headings = headingsOf(text);
  const titles = new Set(headings.map(({ title }) => title));
  const anchors = new Set(headings.map(({ title }) => slugOf(title)));
  const records = headings.filter(({ level }) => level === 3);

  it('has an index at the top whose links all name its headings, one link for every record', () => {
    const index = sectionText(text, headings, 'Index');
    const linked = [...index.matchAll(/\]\(#([^)\s]+)\)/g)].map(([, anchor]) => anchor);
    expect(headings.slice(0, 2).map(({ title }) => title)).toEqual(['Decisions', 'Index']);
    expect(linked.filter((anchor) => !anchors.has(anchor))).toEqual([]);
    expect(records.map(({ title }) => slugOf(title)).filter((anchor) => !linked.includes(anchor))).toEqual([]);
  });

  it('links only to its own headings', () => {
    const linked = [...text.matchAll(/\]\(#([^)\s]+)\)/g)].map(([, anchor]) => anchor);
    expect(linked.filter((anchor) => !anchors.has(anchor))).toEqual([]);
  });

  it('gives every record its Context, Decision and Consequences, in that order', () => {
    expect(records.length).toBeGreaterThan(0);
    const missing = records.filter(({ title }) => {
      const body = sectionText(text, headings, title);
      const at = ['Context', 'Decision', 'Consequences'].map((label) => body.search(new RegExp(String.raw`\*\*${label}[.:]?\*\*`)));
      return at.some((position) => position < 0) || !(at[0] < at[1] && at[1] < at[2]);
    });
    expect(missing.map(({ title }) => title)).toEqual([]);
  });

  it('has unique titles', () => {
    expect(headings.length).toBe(titles.size);
  });

  it('names no issue and no pass, in headings or text', () => {
    const lines = text.split('\n');
    const found = lines.flatMap((line, index) =>
      FORBIDDEN.filter((pattern) => pattern.test(line)).map((pattern) => `${index + 1}: ${pattern}: ${line.slice(0, 120)}`),
    );
    expect(found).toEqual([]);
  });

  it('is the title of every citation in the repository', () => {
    const stale = repositoryFiles()
      .filter(scanned)
      .flatMap((file) =>
        readFileSync(join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => citedTitles(line).map((title) => ({ file, line: index + 1, title }))),
      )
      .filter(({ title }) => !titles.has(title))
      .map(({ file, line, title }) => `${file}:${line}: "${title}"`);
    expect(stale).toEqual([]);
  });

  it('finds the cited titles on a line', () => {
    expect(citedTitles('see docs/decisions.md, "Tracing and correlated logs".')).toEqual(['Tracing and correlated logs']);
    expect(citedTitles('# From the soak (docs/decisions.md "Scale-out in the cluster"): peak')).toEqual(['Scale-out in the cluster']);
    expect(citedTitles('Rules: `docs/decisions.md`, "The client" and "Documents that teach".')).toEqual([
      'The client',
      'Documents that teach',
    ]);
    expect(citedTitles('[decisions.md](../decisions.md), “Compose release lines”, says why')).toEqual(['Compose release lines']);
    expect(citedTitles('(limits in docs/decisions.md); Retry-After says when')).toEqual([]);
    expect(citedTitles('"description": "the transition table of docs/decisions.md decides",')).toEqual([]);
    expect(citedTitles('docs/decisions.md, "One token, one')).toEqual([]);
  });
});

/** Patterns the records leave to the history of the code: issue numbers and numbered passes. */
const FORBIDDEN = [/\bissue\s+\d+/i, /\b(second|third|fourth|fifth) pass\b/i];

interface Heading {
  level: number;
  title: string;
  line: number;
}

/** The ATX headings outside fenced code blocks, in order. */
function headingsOf(text: string): Heading[] {
  const headings: Heading[] = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (/^ {0,3}(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6})[ \t](.*)$/.exec(line);
    if (!heading) return;
    let title = heading[2].trim();
    while (title.endsWith('#')) title = title.slice(0, -1).trimEnd();
    headings.push({ level: heading[1].length, title, line: index });
  });
  return headings;
}

/** The text under a heading, up to the next heading of any level. */
function sectionText(text: string, headings: Heading[], title: string): string {
  const at = headings.findIndex((heading) => heading.title === title);
  if (at < 0) return '';
  const lines = text.split('\n');
  return lines.slice(headings[at].line + 1, at + 1 < headings.length ? headings[at + 1].line : lines.length).join('\n');
}

/** GitHub's anchor of a heading: lower case, every character but letters, marks, digits, `_`, `-` and spaces dropped. */
function slugOf(title: string): string {
  return title
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/**
 * The titles a line cites: docs/decisions.md (or a relative link to decisions.md), then one or more titles in straight
 * or curly double quotes, joined by commas or "and", all on the line.
 */
function citedTitles(line: string): string[] {
  const quoted = String.raw`["“][^"“”\n]+["”]`;
  const citation = new RegExp(
    String.raw`(?:^|[\s(\[/\`])decisions\.md\`?\)?[,:]?[ \t]+((?:${quoted})(?:(?:,[ \t]*|[ \t]+and[ \t]+)${quoted})*)`,
    'g',
  );
  return [...line.matchAll(citation)].flatMap(([, list]) => [...list.matchAll(/["“]([^"“”]+)["”]/g)].map(([, title]) => title));
}

/** Every file git tracks or would track (new files included), as it is in the working tree. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) => {
    const path = join(ROOT, file);
    return existsSync(path) && statSync(path).isFile();
  });
}

/** Text files that can carry a citation: sources, scripts, manifests, docs and Dockerfiles; not this spec's examples. */
function scanned(file: string): boolean {
  if (file === relative(ROOT, __filename) || file.split('/').includes('node_modules')) return false;
  return (
    /\.(ts|mts|cts|js|mjs|cjs|sh|ya?ml|md|json|txt)$|(^|\/)(Dockerfile|[^/]*\.Dockerfile|Caddyfile|[^/]*\.Caddyfile)$/.test(file) &&
    !file.endsWith('package-lock.json')
  );
}
