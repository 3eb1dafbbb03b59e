// Prints the manifest.json of a backup folder (scripts/backup.sh): what it holds, from which version of the platform,
// and when it was taken. Arguments: folder, start time (ISO), MongoDB database, PostgreSQL schemas.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';

const [dir, startedAt, database, schemas] = process.argv.slice(2);
const root = fileURLToPath(new URL('../..', import.meta.url));

function filesUnder(folder) {
  let objects = 0;
  let bytes = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    objects += 1;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { objects, bytes };
}

function commit() {
  try {
    return execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return process.env.PLATFORM_COMMIT ?? null;
  }
}

const manifest = {
  format: 1,
  platform: { version: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version, commit: commit() },
  started_at: startedAt,
  finished_at: new Date().toISOString(),
  postgres: { file: 'postgres.dump', schemas: schemas.split(/\s+/).filter(Boolean), bytes: statSync(join(dir, 'postgres.dump')).size },
  mongo: { folder: 'mongo', database, ...filesUnder(join(dir, 'mongo')) },
  s3: Object.fromEntries(readdirSync(join(dir, 's3')).map((name) => [name, filesUnder(join(dir, 's3', name))])),
};
process.stdout.write(`${JSON.stringify(manifest, null, 2)}\n`);
