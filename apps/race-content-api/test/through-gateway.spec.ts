import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { APPS, type AppName, createGateway, type UpstreamUrls } from '@platform/routing';
import { ObjectStorage } from '@platform/storage';
import { deleteBucket } from '@platform/testing';
import request from 'supertest';
import type { PlatformApp } from '@platform/runtime';
import { startRaceContentApp, testConfig } from './test-app';

describe('race-content-api end to end through the local gateway', () => {
  const config = testConfig();
  let app: PlatformApp;
  let gateway: Server;

  beforeAll(async () => {
    app = await startRaceContentApp(config);
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const nowhere = Object.fromEntries(Object.keys(APPS).map((name) => [name, 'http://127.0.0.1:1'])) as Record<AppName, string>;
    gateway = createGateway({ ...nowhere, 'race-content-api': `http://127.0.0.1:${port}` } as UpstreamUrls);
  });
  afterAll(async () => {
    await app?.close();
    const storage = new ObjectStorage(config.storage);
    await deleteBucket(storage.client, config.storage.bucket);
    storage.destroy();
  });

  it('answers the health checks as a user calls them', async () => {
    await request(gateway).get('/v1/ping').expect(200, { message: 'pong' });
    const deep = await request(gateway).get('/v1/ping/deep').set('x-request-id', 'e2e-1').expect(200);
    expect(deep.body).toEqual({ message: 'pong', db: 'ok' });
    expect(deep.headers['x-request-id']).toBe('e2e-1');
  });

  it('answers an unknown race-content path with the service error body, and an unrouted path from the gateway', async () => {
    const unknown = await request(gateway).get('/v1/nothing-here').expect(404);
    expect(unknown.body).toEqual({ error: expect.objectContaining({ code: 'NOT_FOUND' }) });
    await request(gateway).get('/v2/ping').expect(404, { error: { code: 'NOT_FOUND', message: 'No service serves /v2/ping' } });
  });
});
