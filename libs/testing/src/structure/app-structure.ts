import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * An app's floor plan (docs/development.md, "Structure rules"): every entry of its src/ (a folder or a file) placed in
 * a layer. Imports go down the layers, never up, and never sideways between two features or two adapters:
 *   top       main.ts, app.module.ts and what only starts the app (migrate, tracing, the OpenAPI preview)
 *   feature   a unit of routes or consumers, named by its path
 *   kernel    what several features share (one module per purpose)
 *   adapter   another system (mail, calendar, a warehouse)
 *   bottom    configuration, the database and its repositories, domain rules, the service's errors and queues
 * SQL and PostgreSQL error codes are written only in repositories and the database folder (domain rules may build SQL
 * fragments for repositories).
 */
export interface FloorPlan {
  top: string[];
  features: string[];
  kernel: string[];
  adapters: string[];
  bottom: string[];
  /**
   * Path segments a feature folder serves besides its own name, each a route whose folder its path does not name yet
   * (the rule: a feature's routes have its name among their path's segments, `_` read as `-`).
   */
  routesElsewhere?: Record<string, string[]>;
}

type Layer = 'top' | 'feature' | 'kernel' | 'adapter' | 'bottom';
const RANK: Record<Layer, number> = { top: 4, feature: 3, kernel: 2, adapter: 1, bottom: 0 };

/** The layer of a file (its path from src/) and the unit it belongs to (its first segment). */
export function placeOf(plan: FloorPlan, path: string): { layer: Layer; unit: string } {
  const unit = path.split('/')[0];
  if (plan.top.includes(unit)) return { layer: 'top', unit };
  if (plan.features.includes(unit)) return { layer: 'feature', unit };
  if (plan.kernel.includes(unit)) return { layer: 'kernel', unit };
  if (plan.adapters.includes(unit)) return { layer: 'adapter', unit };
  if (plan.bottom.includes(unit)) return { layer: 'bottom', unit };
  throw new Error(`${path}: not placed in a layer (add ${unit} to the app's floor plan in test/structure.spec.ts)`);
}

const SQL = /\b(selectFrom|insertInto|updateTable|deleteFrom)\s*\(|\bsql\s*`|\bsql\.(raw|ref|join|lit|id|table|val)\b/;
const PG_CODE = /['"`][0-9][0-9A-Z]{4}['"`]/;
const PG_CODE_NAMED = /['"`](23P01|23505|23503|23502|23514|40001|40P01|55P03|57014|08006|08001|53300)['"`]/;

/** Every rule the sources break, one line each; `files` maps a path from src/ to its text. */
export function structureViolations(plan: FloorPlan, files: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [path, text] of files) {
    const from = placeOf(plan, path);
    if (!path.endsWith('.repository.ts') && !path.startsWith('database/')) {
      if (!path.startsWith('domain/') && SQL.test(text)) problems.push(`${path}: builds SQL outside a repository`);
      if (PG_CODE_NAMED.test(text) || (/\.code\b/.test(text) && PG_CODE.test(text))) {
        problems.push(`${path}: reads a PostgreSQL error code outside a repository`);
      }
    }
    for (const match of text.matchAll(/(?:from|import)\s*(?:\(\s*)?'(\.{1,2}\/[^']+)'/g)) {
      const bare = normalize(join(dirname(path), match[1]));
      if (bare.startsWith('..')) continue;
      const target = files.has(`${bare}.ts`) || !bare.includes('/') ? `${bare.replace(/\.ts$/, '')}.ts` : bare;
      const to = placeOf(plan, target);
      if (from.unit === to.unit) continue;
      if (RANK[to.layer] > RANK[from.layer]) problems.push(`${path}: imports ${target}, above it (${from.layer} → ${to.layer})`);
      else if (to.layer === from.layer && (from.layer === 'feature' || from.layer === 'adapter')) {
        problems.push(`${path}: imports ${target}, a sibling ${from.layer}`);
      }
    }
  }
  return problems;
}

/**
 * The routes of `app` whose path does not name the feature folder serving them, from the route map (docs/routes.md,
 * generated from the controllers and checked by scripts/test/routes.spec.ts), one line each.
 */
export function routeFolderProblems(app: string, plan: FloorPlan, routeMap: string): string[] {
  const section = routeMap.split(/^## /m).find((part) => part.startsWith(`${app}\n`)) ?? '';
  const problems: string[] = [];
  const rows = [...section.matchAll(/^\| [A-Z]+ \| `([^`]+)` \|.*\]\(\.\.\/apps\/[^/]+\/src\/([^/)]+)\//gm)];
  if (rows.length === 0) return [`${app}: no routes in the route map`];
  for (const [, path, folder] of rows) {
    if (!plan.features.includes(folder)) continue;
    const segments = path.split('/').map((segment) => segment.replace(/_/g, '-'));
    const named = [folder, ...(plan.routesElsewhere?.[folder] ?? [])];
    if (!named.some((name) => segments.includes(name))) problems.push(`${path} is served from ${folder}/, which its path does not name`);
  }
  return problems;
}

/** The sources of an app's src/ by path from it (specs aside: they may reach across to arrange a test). */
export function appSources(src: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(src, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.spec.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(src, path), readFileSync(path, 'utf8'));
  }
  return files;
}

/** The controllers of an app's src/ without a spec beside them. */
export function controllersWithoutSpec(src: string, files = appSources(src)): { controllers: string[]; missing: string[] } {
  const controllers = [...files].filter(([, text]) => /@Controller\(/.test(text)).map(([path]) => path);
  return { controllers, missing: controllers.filter((path) => !existsSync(join(src, path.replace(/\.ts$/, '.spec.ts')))) };
}

/**
 * An app's structure test: every entry of its src/ placed in the floor plan, every rule kept, a database-free spec beside
 * every controller. `src` is the app's src/ folder.
 */
export function describeAppStructure(app: string, src: string, plan: FloorPlan): void {
  describe(`${app} structure`, () => {
    const files = appSources(src);

    if ([...files].some(([path, text]) => plan.features.includes(path.split('/')[0]) && /@Controller\(/.test(text))) {
      it('serves each route from the feature folder its path names', () => {
        const routeMap = readFileSync(join(src, '../../../docs/routes.md'), 'utf8');
        expect(routeFolderProblems(app, plan, routeMap)).toEqual([]);
      });
    }

    it('places every entry of src/ in a layer of its floor plan', () => {
      const units = new Set([...files.keys()].map((path) => path.split('/')[0]));
      expect(units.size).toBeGreaterThan(2);
      const unplaced = [...units].filter((unit) => {
        try {
          placeOf(plan, unit);
          return false;
        } catch {
          return true;
        }
      });
      expect(unplaced).toEqual([]);
    });

    it('keeps every rule: imports go down the layers, never sideways, and SQL stays in repositories', () => {
      expect(structureViolations(plan, files)).toEqual([]);
    });

    it('keeps its migrations, if it has any, in database/migrations/ and nowhere else', () => {
      const folders = readdirSync(src, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isDirectory() && entry.name === 'migrations')
        .map((entry) => relative(src, join(entry.parentPath, entry.name)));
      expect(folders.filter((folder) => folder !== 'database/migrations')).toEqual([]);
    });

    it('has a database-free spec beside every controller', () => {
      expect(controllersWithoutSpec(src, files).missing).toEqual([]);
    });
  });
}
