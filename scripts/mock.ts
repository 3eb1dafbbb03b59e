// A mock of all four services on one port, from the committed documents and their examples (Prism), for building a
// console with nothing else running: no database, broker, Go build or app. Each operation answers its first success
// example; `Prefer: code=404` asks for another documented status, a request its schema refuses gets 422, a secured one
// without `Authorization: Bearer <anything>` 401. CORS is open to any origin.
//   npm run mock                          http://127.0.0.1:4010
//   MOCK_PORT=4020 MOCK_HOST=0.0.0.0 npm run mock
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { combinedDocument } from './lib/mock-document';

const ROOT = resolve(__dirname, '..');
const DOCUMENTS = join(ROOT, 'docs/openapi');
const PRISM = join(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js');

const documents: Record<string, OpenAPIObject> = Object.fromEntries(
  readdirSync(DOCUMENTS)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => [file.slice(0, -'.json'.length), JSON.parse(readFileSync(join(DOCUMENTS, file), 'utf8'))]),
);
const out = join(ROOT, '.data/mock');
mkdirSync(out, { recursive: true });
const file = join(out, 'platform.json');
writeFileSync(file, JSON.stringify(combinedDocument(documents)));

const host = process.env.MOCK_HOST || '127.0.0.1';
const port = process.env.MOCK_PORT || '4010';
console.error(`[mock] ${Object.keys(documents).join(', ')} on http://${host}:${port} (Prism; Ctrl-C stops it)`);
const prism = spawn(process.execPath, [PRISM, 'mock', file, '--host', host, '--port', port, '--cors', '--errors=false'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => prism.kill(signal));
prism.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + 15 : 1)));
