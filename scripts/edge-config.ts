// Writes the edge's Caddyfile, generated from the route table and edge policy of libs/routing:
//   node -r @swc-node/register scripts/edge-config.ts local <file> <data dir> <log dir>   what up.sh runs
//   npm run edge:compose                                                                  docker/Caddyfile (a test keeps it in step)
// The local one reads EDGE_HTTP_PORT (8080), EDGE_HTTPS_PORT (8443), CORS_ALLOWED_ORIGINS (comma-separated console
// origins; default http://localhost:5173), REPLICAS (1), and the apps' body limits (IMPORT_MAX_BYTES, MEDIA_MAX_BYTES,
// BUNDLE_MAX_BYTES).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPOSE_EDGE_CONFIG, localEdgeConfig, renderCaddyfile } from '@platform/routing';

const [target, file, dataDir, logDir] = process.argv.slice(2);
if (target === 'local' && file && dataDir && logDir) {
  writeFileSync(file, renderCaddyfile(localEdgeConfig(process.env, dataDir, logDir)));
} else if (target === 'compose') {
  const path = join(__dirname, '..', 'docker', 'Caddyfile');
  writeFileSync(path, renderCaddyfile(COMPOSE_EDGE_CONFIG));
  console.log(`wrote ${path}`);
} else {
  console.error('usage: edge-config.ts local <file> <data dir> <log dir> | compose');
  process.exit(2);
}
