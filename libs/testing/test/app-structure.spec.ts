import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { workspaceRoot } from '../src/harness';

/** Every .ts file under a folder (specs included: they must respect the layers too). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The top folder under src/ a file belongs to ('' for files directly in src/). */
const folderOf = (src: string, file: string) => (relative(src, file).includes(sep) ? relative(src, file).split(sep)[0] : '');

/** Which top-level folders of an app's src/ import which. */
function folderGraph(src: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(src)) {
    const from = folderOf(src, file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const to = folderOf(src, resolve(dirname(file), specifier));
      if (from && to && from !== to) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** A cycle of folders, if there is one. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

const apps = readdirSync(join(workspaceRoot, 'apps')).filter((name) => statSync(join(workspaceRoot, 'apps', name, 'src')).isDirectory());

describe('app structure', () => {
  it.each(apps)('%s: its feature folders import each other without loops', (app) => {
    expect(findCycle(folderGraph(join(workspaceRoot, 'apps', app, 'src')))).toBeUndefined();
  });

  it('finds a loop when there is one', () => {
    const graph = new Map([
      ['surveys', new Set(['access'])],
      ['access', new Set(['snapshot'])],
      ['snapshot', new Set(['surveys'])],
    ]);
    expect(findCycle(graph)).toEqual(['surveys', 'access', 'snapshot', 'surveys']);
  });
});
