import type { INestApplication } from '@nestjs/common';
import { openApiDocumentOf } from '@platform/runtime';
import request from 'supertest';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface RoleSweepOptions {
  app: () => INestApplication;
  /** The headers of a signed-in user with the weakest role (a viewer): every secured route lets them past the 401. */
  weakest: () => Record<string, string>;
  /** Values for path parameters by name (a real id where one matters); '1' otherwise. */
  pathValues?: () => Record<string, string>;
}

/**
 * The 403s a document lists are the ones the guards give: every secured operation, called by the weakest role with no
 * body, answers 403 exactly when its document lists 403 (a guard runs before the body or the parameters are read, so
 * an operation the role may use answers something else: 400, 404, 200...).
 */
export function describeRoleSweep(options: RoleSweepOptions): void {
  it('answers 403 to the weakest role on exactly the operations that document 403', async () => {
    const app = options.app();
    const document = openApiDocumentOf(app)!;
    const values = options.pathValues?.() ?? {};
    const mismatches: string[] = [];
    let secured = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation || (operation.security ?? document.security ?? []).length === 0) continue;
        secured += 1;
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));
        const res = await request(app.getHttpServer())[method](url).set(options.weakest());
        const documented = '403' in operation.responses;
        if ((res.status === 403) !== documented)
          mismatches.push(`${method.toUpperCase()} ${path}: answered ${res.status}, ${documented ? 'documents' : 'does not document'} 403`);
      }
    }
    expect(secured).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
  });
}
