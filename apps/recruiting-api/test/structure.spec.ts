import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The shape of recruiting-api (docs/decisions.md, "recruiting-api in layers"): features rest on `core/`, which rests on
 * the adapters, which rest on the bottom layer (configuration, database, domain rules, errors, queue names). An import
 * goes down, never up, and never sideways between two features or two adapters. SQL and PostgreSQL error codes are
 * written only in repositories (the domain's filter and scoring rules build SQL fragments for them).
 */
const SRC = join(__dirname, '../src');

const FEATURES = ['auth', 'users', 'projects', 'candidates', 'availability', 'reservations', 'imports', 'surveys', 'emails', 'scheduling'];
const ADAPTERS = ['calendar', 'mail-delivery', 'warehouse'];
const BOTTOM = [
  'database',
  'domain',
  'config.ts',
  'config.module.ts',
  'config.tokens.ts',
  'recruiting.errors.ts',
  'recruiting.queues.ts',
  'http-surface.ts',
];
const TOP = ['app.module.ts', 'main.ts', 'migrate.ts', 'openapi-document.ts', 'tracing.ts'];

type Layer = 'top' | 'feature' | 'core' | 'adapter' | 'bottom';
const RANK: Record<Layer, number> = { top: 4, feature: 3, core: 2, adapter: 1, bottom: 0 };

/** The layer of a file (its path from src/) and the unit it belongs to (its first segment). */
function placeOf(path: string): { layer: Layer; unit: string } {
  const unit = path.split('/')[0];
  if (TOP.includes(unit)) return { layer: 'top', unit };
  if (FEATURES.includes(unit)) return { layer: 'feature', unit };
  if (unit === 'core') return { layer: 'core', unit };
  if (ADAPTERS.includes(unit)) return { layer: 'adapter', unit };
  if (BOTTOM.includes(unit)) return { layer: 'bottom', unit };
  throw new Error(`${path}: not placed in a layer (add its folder to test/structure.spec.ts)`);
}

const SQL = /\b(selectFrom|insertInto|updateTable|deleteFrom)\s*\(|\bsql\s*`|\bsql\.(raw|ref|join|lit|id|table|val)\b/;
const PG_CODE = /['"`][0-9][0-9A-Z]{4}['"`]/;
const PG_CODE_NAMED = /['"`](23P01|23505|23503|23502|23514|40001|40P01|55P03|57014|08006|08001|53300)['"`]/;

/** Every rule the sources break, one line each; `files` maps a path from src/ to its text. */
export function structureViolations(files: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [path, text] of files) {
    const from = placeOf(path);
    const repository = path.endsWith('.repository.ts');
    if (!repository && !path.startsWith('database/')) {
      if (!path.startsWith('domain/') && SQL.test(text)) problems.push(`${path}: builds SQL outside a repository`);
      if (PG_CODE_NAMED.test(text) || (/\.code\b/.test(text) && PG_CODE.test(text))) {
        problems.push(`${path}: reads a PostgreSQL error code outside a repository`);
      }
    }
    for (const match of text.matchAll(/(?:from|import)\s*(?:\(\s*)?'(\.{1,2}\/[^']+)'/g)) {
      const bare = normalize(join(dirname(path), match[1]));
      if (bare.startsWith('..')) continue;
      const target = files.has(`${bare}.ts`) || !bare.includes('/') ? `${bare.replace(/\.ts$/, '')}.ts` : bare;
      const to = placeOf(target);
      if (from.unit === to.unit) continue;
      if (RANK[to.layer] > RANK[from.layer]) problems.push(`${path}: imports ${target}, above it (${from.layer} → ${to.layer})`);
      else if (to.layer === from.layer && (from.layer === 'feature' || from.layer === 'adapter')) {
        problems.push(`${path}: imports ${target}, a sibling ${from.layer}`);
      }
    }
  }
  return problems;
}

function sources(dir = SRC): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.spec.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), readFileSync(path, 'utf8'));
  }
  return files;
}

describe('recruiting-api structure', () => {
  it('keeps every rule', () => {
    const files = sources();
    expect(files.size).toBeGreaterThan(50);
    expect(structureViolations(files)).toEqual([]);
  });

  it('has a database-free spec beside every controller', () => {
    const files = sources();
    const controllers = [...files].filter(([, text]) => /@Controller\(/.test(text)).map(([path]) => path);
    expect(controllers.length).toBeGreaterThan(10);
    const missing = controllers.filter((path) => !existsSync(join(SRC, path.replace(/\.ts$/, '.spec.ts'))));
    expect(missing).toEqual([]);
  });

  it('places every folder of src/ in a layer', () => {
    const units = new Set([...sources().keys()].map((path) => path.split('/')[0]));
    for (const unit of units) expect(() => placeOf(unit)).not.toThrow();
  });

  // The rules catch what they claim to: each plant below is one violation in an otherwise clean tree.
  const plants: Record<string, [string, string, RegExp]> = {
    'a service building SQL': [
      'candidates/candidates.service.ts',
      "export const q = (db: any) => db.selectFrom('projects');",
      /candidates\.service\.ts: builds SQL/,
    ],
    'a service writing a sql template': ['emails/email-sending.service.ts', 'export const q = sql`select 1`;', /builds SQL/],
    'a service reading a PostgreSQL error code': [
      'reservations/reservations.service.ts',
      "export const taken = (e: { code?: string }) => e.code === '23P01';",
      /reads a PostgreSQL error code/,
    ],
    'a feature importing a sibling feature': [
      'reservations/reservations.service.ts',
      "import { AvailabilityService } from '../availability/availability.service';",
      /a sibling feature/,
    ],
    'core importing a feature': [
      'core/bookable-slots.service.ts',
      "import { X } from '../availability/dto/availability.dto';",
      /core → feature/,
    ],
    'an adapter importing core': ['calendar/calendar.module.ts', "import { X } from '../core/core.module';", /adapter → core/],
    'an adapter importing a sibling adapter': [
      'calendar/calendar.module.ts',
      "import { X } from '../mail-delivery/mail-transport';",
      /a sibling adapter/,
    ],
    'configuration importing a feature': ['config.ts', "import { X } from './imports/imports.service';", /bottom → feature/],
  };
  for (const [name, [path, line, expected]] of Object.entries(plants)) {
    it(`catches ${name}`, () => {
      const files = sources();
      files.set(path, `${files.get(path) ?? ''}\n${line}\n`);
      const problems = structureViolations(files);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(expected);
    });
  }
});
