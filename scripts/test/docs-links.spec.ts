import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';

/**
 * The guide's links hold: every relative link in README.md and in docs/**\/*.md names a file or folder of the
 * repository, and every `#fragment` a heading of the page it points at (GitHub's anchors). No page points a reader at
 * the shared design or the products' specs, which are not in the repository, and README.md stays a front door: at
 * most 150 lines, its first code block the two commands.
 */
const ROOT = resolve(__dirname, '../..');
const README_MAX_LINES = 150;
/** Documents outside the repository that pages once pointed at: a mention must name a file the repository has. */
const OUTSIDE_DOCUMENTS = ['ARCHITECTURE.md', 'recruiting-api.md', 'survey-builder-api.md', 'race-content-api.md'];

/** README.md and every Markdown file under docs/, as paths from the repository root. */
function guidePages(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  return ['README.md', ...walk('docs')];
}

/** The lines of a page outside fenced code blocks, with inline code spans blanked (links and headings there are text). */
function proseLines(text: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length) fence = undefined;
      lines.push('');
    } else if (opening) {
      fence = opening[1];
      lines.push('');
    } else {
      lines.push(line.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length)));
    }
  }
  return lines;
}

/**
 * GitHub's anchor of a heading (github-slugger's rule): the heading's text as rendered, lower-cased, every character
 * that is not a letter, mark, digit, connector (`_`), hyphen or space removed, each space turned into a hyphen.
 */
function slugOf(heading: string): string {
  const rendered = heading
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/<[^<>]*>/g, '')
    .replace(/[`*]/g, '');
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown page: its ATX headings' slugs (repeats numbered as GitHub does) and HTML ids. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}[ \t](.*)$/.exec(line);
    if (heading) {
      let title = heading[1].trim();
      while (title.endsWith('#')) title = title.slice(0, -1);
      const slug = slugOf(title);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const [, id] of line.matchAll(/<a [^>]*(?:id|name)="([^"]+)"/g)) anchors.add(id);
  }
  return anchors;
}

/** Every link target of a page outside code: inline links and images, and reference definitions. */
function linkTargets(text: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(text)) {
    for (const [, target] of line.matchAll(/\]\(<?([^()\s<>]*)>?(?:\s+"[^"]*")?\)/g)) targets.push(target);
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?([^\s<>]+)/.exec(line);
    if (definition) targets.push(definition[1]);
  }
  return targets;
}

/** Words of a page that look like paths (letters, digits, `_`, `.`, `/`, `-`), with a sentence's final dots cut. */
function pathWords(text: string): string[] {
  return text.split(/[^\w./-]+/).map((word) => {
    let end = word.length;
    while (end > 0 && word[end - 1] === '.') end--;
    return word.slice(0, end);
  });
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** What is wrong with the links of one page (`page`: its path from the repository root), one line per problem. */
function linkProblems(page: string, text: string): string[] {
  const problems: string[] = [];
  const here = dirname(join(ROOT, page));
  const inRepository = (path: string) => path === ROOT || path.startsWith(ROOT + sep);
  for (const target of linkTargets(text)) {
    if (target === '' || isExternal(target)) continue;
    const hash = target.indexOf('#');
    const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const fragment = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
    if (pathPart === '') {
      if (fragment !== undefined && !anchorsOf(text).has(fragment)) problems.push(`${target}: no heading of this page has that anchor`);
      continue;
    }
    const path = pathPart.startsWith('/') ? join(ROOT, pathPart) : resolve(here, pathPart);
    if (!inRepository(path) || !existsSync(path)) {
      problems.push(`${target}: no such file or folder in the repository`);
      continue;
    }
    if (fragment === undefined) continue;
    const markdown = statSync(path).isDirectory() ? join(path, 'README.md') : path;
    if (extname(markdown) === '.md' && existsSync(markdown)) {
      if (!anchorsOf(readFileSync(markdown, 'utf8')).has(fragment)) {
        problems.push(`${target}: no heading of ${relative(ROOT, markdown)} has the anchor #${fragment}`);
      }
    } else if (!/^L\d+(?:-L\d+)?$/.test(fragment)) {
      problems.push(`${target}: #${fragment} is not a line of ${relative(ROOT, path)}`);
    }
  }
  for (const word of pathWords(text)) {
    const named = OUTSIDE_DOCUMENTS.find((name) => word === name || word.endsWith(`/${name}`));
    if (named && !existsSync(resolve(here, word)) && !existsSync(join(ROOT, word))) {
      problems.push(`${word}: names ${named}, which is not in the repository`);
    }
  }
  return problems;
}

describe('the guide (README.md and docs/)', () => {
  const pages = guidePages();

  it.each(pages)('%s: every relative link and fragment resolves, and no document outside the repository is named', (page) => {
    expect(linkProblems(page, readFileSync(join(ROOT, page), 'utf8'))).toEqual([]);
  });

  it(`README.md is a front door: at most ${README_MAX_LINES} lines, its first code block the two commands`, () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
    const firstBlock = /^```[^\n]*\n([\s\S]*?)^```/m.exec(readme)?.[1] ?? '';
    expect(firstBlock.split('\n').map((line) => line.split(' #')[0].trim())).toEqual(['bash scripts/up.sh', 'bash scripts/test.sh', '']);
  });

  it('covers every Markdown page under docs/', () => {
    expect(pages).toEqual(expect.arrayContaining(['docs/README.md', 'docs/decisions.md', 'docs/runbooks/README.md']));
  });

  it('slugs headings as GitHub does', () => {
    expect(slugOf('1. Install the client')).toBe('1-install-the-client');
    expect(slugOf('Metrics, traces and logs')).toBe('metrics-traces-and-logs');
    expect(slugOf('The `keda` component (queue depth)')).toBe('the-keda-component-queue-depth');
    expect(slugOf('[recruiting-api](api/recruiting-api.md) and *roles*')).toBe('recruiting-api-and-roles');
    expect(slugOf('Recruiting email & scheduling')).toBe('recruiting-email--scheduling');
    expect(slugOf('設定の一覧')).toBe('設定の一覧');
  });

  it('finds a missing file, missing headings, a wrong line anchor and named outside documents', () => {
    const text = [
      '[fine](getting-started.md#what-you-need) [fine](api/) [fine](#a-heading) [web](https://example.com/x.md) [gone](#gone)',
      '[missing](no-such-page.md) [bad anchor](getting-started.md#no-such-heading) [bad line](../package.json#top)',
      '# A heading',
      'The design is in `ARCHITECTURE.md`, the contract in spec/recruiting-api.md.',
      '```',
      '[in code](also-missing.md)',
      '```',
      'docs/api/recruiting-api.md and api/recruiting-api.md exist from here.',
    ].join('\n');
    expect(linkProblems('docs/sample.md', text)).toEqual([
      '#gone: no heading of this page has that anchor',
      'no-such-page.md: no such file or folder in the repository',
      'getting-started.md#no-such-heading: no heading of docs/getting-started.md has the anchor #no-such-heading',
      '../package.json#top: #top is not a line of package.json',
      'ARCHITECTURE.md: names ARCHITECTURE.md, which is not in the repository',
      'spec/recruiting-api.md: names recruiting-api.md, which is not in the repository',
    ]);
  });
});
