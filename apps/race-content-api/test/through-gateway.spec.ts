import type { Server } from 'node:http';
import { ObjectStorage } from '@platform/storage';
import { deleteBucket, gatewayInFrontOf } from '@platform/testing';
import request from 'supertest';
import type { PlatformApp } from '@platform/runtime';
import { startRaceContentApp, testConfig } from './test-app';

describe('race-content-api end to end through the local gateway', () => {
  const config = testConfig();
  let app: PlatformApp;
  let gateway: Server;

  beforeAll(async () => {
    app = await startRaceContentApp(config);
    gateway = await gatewayInFrontOf(app, 'race-content-api');
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
    await request(gateway)
      .get('/v2/ping')
      .expect(404, { error: { code: 'NOT_FOUND', message: 'No service serves this path' } });
  });
});
