import { MONGO_DB } from '@platform/persistence';
import type { PlatformApp } from '@platform/runtime';
import { startControllerApp } from '@platform/testing/harness';
import request from 'supertest';
import { RaceContentHttpModule } from '../http/race-content-http.module';
import { RACE_CONTENT_HTTP } from '../http-surface';
import { TEST_JWT_SECRET } from '../../test/test-app';
import { UNAUTHENTICATED } from '../../test/controller-kit';
import { PingController } from './ping.controller';

/** The health checks are open to anyone (`ping` and `pingDeep`): no token, or any broken one, reaches them. */
describe('PingController (database-free)', () => {
  const db = { command: jest.fn() };
  let app: PlatformApp;

  beforeAll(async () => {
    app = await startControllerApp({
      controllers: [PingController],
      providers: [{ provide: MONGO_DB, useValue: db }],
      imports: [RaceContentHttpModule.register({ secret: TEST_JWT_SECRET })],
      surface: RACE_CONTENT_HTTP,
    });
  });
  afterAll(() => app?.close());
  beforeEach(() => db.command.mockReset().mockResolvedValue({ ok: 1 }));

  for (const [name, headers] of Object.entries(UNAUTHENTICATED)) {
    it(`GET /v1/ping answers 200 with ${name}`, async () => {
      await request(app.getHttpServer()).get('/v1/ping').set(headers).expect(200, { message: 'pong' });
    });
  }

  it('GET /v1/ping/deep pings the database without credentials', async () => {
    await request(app.getHttpServer()).get('/v1/ping/deep').expect(200, { message: 'pong', db: 'ok' });
    expect(db.command).toHaveBeenCalledWith({ ping: 1 });
  });

  it('GET /v1/ping/deep answers 503 with db error when the database fails', async () => {
    db.command.mockRejectedValue(new Error('down'));
    await request(app.getHttpServer()).get('/v1/ping/deep').expect(503, { message: 'database check failed', db: 'error' });
  });

  it('refuses a query parameter with 422 before the database is asked', async () => {
    await request(app.getHttpServer()).get('/v1/ping/deep?x=1').expect(422);
    expect(db.command).not.toHaveBeenCalled();
  });
});
