// Writes the package.json of one app's image: the packages its compiled code requires, at the versions of the
// repository's package.json. With the repository's lockfile beside it, `npm install --omit=dev` then installs exactly
// those packages and their dependencies at their locked versions, and nothing another app needs (docs/decisions.md).
//   node docker/app-package.mjs <app>   (after `nx run <app>:build`; writes dist/apps/<app>/package.json)
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

const app = process.argv[2];
if (!app) throw new Error('usage: node docker/app-package.mjs <app>');
const root = JSON.parse(readFileSync('package.json', 'utf8'));
const out = join('dist/apps', app);

function* jsFiles(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* jsFiles(path);
    else if (name.endsWith('.js')) yield path;
  }
}

// tsc's CommonJS output: every import of a package is require("name") or require("name/sub/path").
const REQUIRE = /\brequire\("([^".][^"]*)"\)/g;
const builtins = new Set(builtinModules);
const required = new Set();
for (const file of jsFiles(out)) {
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(REQUIRE)) {
    if (specifier.startsWith('node:') || builtins.has(specifier.split('/')[0])) continue;
    const parts = specifier.split('/');
    required.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
  }
}

// Packages load some of their peers by computed name (Nest's optional packages such as @fastify/static for
// @nestjs/swagger, TypeORM's driver): every peer of a required package that the repository depends on comes too.
const queue = [...required];
while (queue.length) {
  const name = queue.pop();
  const manifest = JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8'));
  for (const peer of Object.keys(manifest.peerDependencies ?? {})) {
    if (root.dependencies?.[peer] && !required.has(peer)) {
      required.add(peer);
      queue.push(peer);
    }
  }
}

// A package required at run time but declared only for development would be missing from every image: stop here.
const missing = [...required].filter((name) => !root.dependencies?.[name]);
if (missing.length) throw new Error(`${app} requires packages that are not in package.json's dependencies: ${missing.join(', ')}`);
const dependencies = Object.fromEntries([...required].sort().map((name) => [name, root.dependencies[name]]));
writeFileSync(
  join(out, 'package.json'),
  `${JSON.stringify({ name: app, private: true, version: root.version, license: root.license, dependencies }, null, 2)}\n`,
);
console.log(`[app-package] ${app}: ${required.size} of ${Object.keys(root.dependencies).length} dependencies`);
