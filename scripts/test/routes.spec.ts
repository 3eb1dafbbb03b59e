import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeMapText } from '../lib/route-map';

const ROOT = join(__dirname, '..', '..');
const OPERATION_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('the route map (docs/routes.md)', () => {
  let generated: string;
  beforeAll(async () => {
    generated = await routeMapText();
  }, 60_000);

  it('is what `npm run routes` writes from the code now', () => {
    expect(readFileSync(join(ROOT, 'docs/routes.md'), 'utf8')).toBe(generated);
  });

  it('lists every operation of the four documents once, each with a file that declares its handler', () => {
    const rows = generated.split('\n').filter((line) => /^\| (GET|POST|PUT|PATCH|DELETE) \|/.test(line));
    const operations = ['recruiting-api', 'survey-builder-api', 'race-content-api', 'ai-webhook'].flatMap((app) => {
      const document = JSON.parse(readFileSync(join(ROOT, 'docs/openapi', `${app}.json`), 'utf8'));
      return Object.values(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) =>
        OPERATION_METHODS.filter((method) => item[method]).map((method) => item[method].operationId),
      );
    });
    expect(rows.map((row) => row.split(' | ')[2])).toEqual(operations);
    for (const row of rows) {
      const [, method, file] = /`\w+\.(\w+)`.*\]\(\.\.\/([^)]+)\)/.exec(row) ?? [];
      expect(existsSync(join(ROOT, file))).toBe(true);
      expect(readFileSync(join(ROOT, file), 'utf8')).toMatch(new RegExp(`^\\s+(async )?${method}\\(`, 'm'));
    }
  });
});
