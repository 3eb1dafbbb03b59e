import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { APP_NAMES, type AppName, createGateway, type UpstreamUrls } from '@platform/routing';

/**
 * The local gateway in front of one running app (listening on a free port); every other app's routes
 * lead nowhere, so they answer 502.
 */
export async function gatewayInFrontOf(app: INestApplication, name: AppName): Promise<Server> {
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const upstreams = Object.fromEntries(APP_NAMES.map((other) => [other, 'http://127.0.0.1:1'])) as UpstreamUrls;
  return createGateway({ ...upstreams, [name]: `http://127.0.0.1:${port}` });
}
