// Writes docs/routes.md, the route map: every operation the edge routes, the class and method serving it, and who may
// call it (scripts/lib/route-map.ts). Built without starting any app or service; a test fails when the file is stale.
//   npm run routes
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeMapText } from './lib/route-map';

export const ROUTE_MAP_FILE = join(__dirname, '..', 'docs', 'routes.md');

routeMapText().then(
  (text) => {
    writeFileSync(ROUTE_MAP_FILE, text);
    console.log(`wrote ${ROUTE_MAP_FILE}`);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
