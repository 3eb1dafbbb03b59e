import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { workspaceRoot } from '@platform/testing/harness';
import { parse } from 'yaml';
import { COMPOSE_EDGE_CONFIG, localEdgeConfig, renderCaddyfile } from '../src';

const run = promisify(execFile);
const caddy = process.env.CADDY_BIN ?? join(workspaceRoot, '.tools/bin/caddy');

/** `caddy validate` on a Caddyfile: Caddy's own parser and provisioning, not a text comparison. */
async function validate(text: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'caddy-validate-'));
  try {
    writeFileSync(join(dir, 'Caddyfile'), text.replaceAll('/data/caddy', join(dir, 'storage')));
    const { stdout, stderr } = await run(caddy, ['validate', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    });
    return `${stdout}${stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the edge configurations', () => {
  it('docker/Caddyfile is exactly what npm run edge:compose writes from the route table', () => {
    expect(readFileSync(join(workspaceRoot, 'docker/Caddyfile'), 'utf8')).toBe(renderCaddyfile(COMPOSE_EDGE_CONFIG));
  });

  it("compose runs Caddy's official image with that file, on the ports README names", () => {
    const edge = parse(readFileSync(join(workspaceRoot, 'docker/compose.yaml'), 'utf8')).services.edge;
    expect(edge.image).toMatch(/^caddy:\d+\.\d+\.\d+$/);
    expect(edge.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    // On the loopback address unless EDGE_BIND_ADDRESS says otherwise: compose does not publish the edge to the network by default.
    expect(edge.ports).toEqual(['${EDGE_BIND_ADDRESS:-127.0.0.1}:8080:8080', '${EDGE_BIND_ADDRESS:-127.0.0.1}:8443:8443']);
    // The same release as the binary scripts/services.sh builds for local runs and tests.
    const services = readFileSync(join(workspaceRoot, 'scripts/services.sh'), 'utf8');
    expect(`v${edge.image.split(':')[1]}`).toBe(/^CADDY_VERSION=(\S+)$/m.exec(services)![1]);
  });

  it.each([
    ['compose', renderCaddyfile(COMPOSE_EDGE_CONFIG)],
    ['local, one replica', renderCaddyfile(localEdgeConfig({}, '/tmp/edge-data', '/tmp/edge-logs'))],
    [
      'local, two replicas and two console origins',
      renderCaddyfile(
        localEdgeConfig({ REPLICAS: '2', CORS_ALLOWED_ORIGINS: 'https://a.example, http://localhost:3000' }, '/tmp/e', '/tmp/l'),
      ),
    ],
  ])('the %s configuration is one Caddy accepts', async (_, text) => {
    expect(await validate(text)).toContain('Valid configuration');
  });

  it('spreads each app over its replicas (REPLICAS), and takes the console origins from CORS_ALLOWED_ORIGINS', () => {
    const config = localEdgeConfig(
      { REPLICAS: '2', CORS_ALLOWED_ORIGINS: ' https://console.example.com ,http://localhost:3000' },
      '/d',
      '/l',
    );
    expect(config.upstreams['race-content-api']).toEqual(['127.0.0.1:3003', '127.0.0.1:3103']);
    expect(config.corsOrigins).toEqual(['https://console.example.com', 'http://localhost:3000']);
    expect(localEdgeConfig({}, '/d', '/l').corsOrigins).toEqual(['http://localhost:5173']);
  });
});
