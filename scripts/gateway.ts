// The local ingress: one port in front of the six apps, routing by the route table (libs/routing).
// Upstreams default to the apps' local ports; UPSTREAM_<APP> (e.g. UPSTREAM_RACE_CONTENT_API) overrides.
import { z } from 'zod';
import { APP_NAMES, APPS, createGateway, type UpstreamUrls } from '@platform/routing';
import { env, loadConfig, runMain } from '@platform/runtime';

const upstreamVariable = (app: string) => `UPSTREAM_${app.toUpperCase().replace(/-/g, '_')}`;

runMain('gateway', async () => {
  const config = loadConfig(
    z.object({
      GATEWAY_HOST: z.string().default('0.0.0.0'),
      GATEWAY_PORT: env.port(8080),
      ...Object.fromEntries(
        APP_NAMES.map((app) => [upstreamVariable(app), env.url(['http', 'https']).default(`http://127.0.0.1:${APPS[app].port}`)]),
      ),
    }),
  ) as Record<string, string | number>;
  const upstreams = Object.fromEntries(APP_NAMES.map((app) => [app, config[upstreamVariable(app)]])) as UpstreamUrls;
  const server = createGateway(upstreams).listen(Number(config.GATEWAY_PORT), String(config.GATEWAY_HOST));
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  process.stdout.write(
    `${JSON.stringify({ level: 30, time: Date.now(), service: 'gateway', msg: `gateway listening on ${config.GATEWAY_HOST}:${config.GATEWAY_PORT}`, upstreams })}\n`,
  );
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop).on('SIGINT', stop);
});
