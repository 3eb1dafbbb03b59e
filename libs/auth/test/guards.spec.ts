import { Controller, Delete, Get, type INestApplication, Module, Post, UseGuards } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { builderErrorBody, COMMON_ERROR_STATUS, exceptionFilterFor, recruitingErrorBody } from '@platform/contracts';
import { Public } from '@platform/runtime';
import { startTestApp } from '@platform/testing/harness';
import request from 'supertest';
import {
  API_KEY_OPTIONS,
  ApiKeyGuard,
  CurrentHeaderUser,
  CurrentUser,
  HeaderUserGuard,
  JWT_AUTH_OPTIONS,
  JwtAuthGuard,
  RequireRole,
  RolesGuard,
} from '../src';

const SECRET = 'a-test-secret-of-at-least-32-characters!';

@Controller('things')
class ThingsController {
  @Get()
  list(@CurrentUser() user: unknown) {
    return user;
  }

  @Post()
  create() {
    return { created: true };
  }

  @Delete('all')
  @RequireRole('admin')
  purge() {
    return { purged: true };
  }

  @Get('open')
  @Public()
  open() {
    return { open: true };
  }
}

@Controller('builder')
class BuilderController {
  @Get('me')
  me(@CurrentHeaderUser() user: unknown) {
    return user;
  }
}

@Controller('imports')
@UseGuards(ApiKeyGuard)
class ImportsController {
  @Post()
  run() {
    return { imported: true };
  }
}

/** Bearer-token app, as recruiting wires it: JWT then roles, globally. */
@Module({
  controllers: [ThingsController],
  providers: [
    { provide: JWT_AUTH_OPTIONS, useValue: { secret: SECRET } },
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    { provide: APP_FILTER, useClass: exceptionFilterFor(COMMON_ERROR_STATUS, recruitingErrorBody) },
  ],
})
class BearerAppModule {}

/** Header-user app, as the survey builder wires it, with an API-key route. */
@Module({
  controllers: [BuilderController, ImportsController],
  providers: [
    { provide: API_KEY_OPTIONS, useValue: { header: 'x-api-key', key: 'import-key-123' } },
    { provide: APP_GUARD, useClass: HeaderUserGuard },
    { provide: APP_FILTER, useClass: exceptionFilterFor(COMMON_ERROR_STATUS, builderErrorBody) },
  ],
})
class HeaderAppModule {}

const inFiveMinutes = () => Math.floor(Date.now() / 1000) + 300;
const sign = (claims: object, options: jwt.SignOptions = {}, secret: jwt.Secret = SECRET) =>
  jwt.sign({ exp: inFiveMinutes(), ...claims }, secret, { algorithm: 'HS256', ...options });
const accessToken = (role: string) => sign({ sub: '7', role, type: 'access', email: 'u@example.com' });

describe('auth guards in a real Nest app', () => {
  let app: INestApplication;
  let headerApp: INestApplication;
  const http = () => request(app.getHttpServer());
  const headerHttp = () => request(headerApp.getHttpServer());

  beforeAll(async () => {
    app = await startTestApp(
      { module: BearerAppModule },
      { openApi: { title: 'auth', description: 'bearer guards' } },
      { checkDocument: false },
    );
    headerApp = await startTestApp(
      { module: HeaderAppModule },
      { openApi: { title: 'auth', description: 'header guards' } },
      { checkDocument: false },
    );
  });
  afterAll(async () => {
    await app.close();
    await headerApp.close();
  });

  describe('JwtAuthGuard', () => {
    it('accepts a valid HS256 access token and exposes the user', async () => {
      const res = await http()
        .get('/things')
        .set('authorization', `Bearer ${accessToken('viewer')}`)
        .expect(200);
      expect(res.body).toEqual({ id: 7, role: 'viewer', email: 'u@example.com', emailVerified: false, version: 0 });
    });

    const rsaKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: '7', role: 'admin', type: 'access' }),
    ).toString('base64url')}.`;

    it.each([
      ['no Authorization header', undefined],
      ['a non-bearer scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
      ['garbage', 'Bearer not.a.jwt'],
      ['alg none', `Bearer ${unsigned}`],
      ['HS512 (another algorithm)', `Bearer ${sign({ sub: '7', role: 'admin', type: 'access' }, { algorithm: 'HS512' })}`],
      ['RS256 (asymmetric)', `Bearer ${sign({ sub: '7', role: 'admin', type: 'access' }, { algorithm: 'RS256' }, rsaKey)}`],
      ['a wrong secret', `Bearer ${sign({ sub: '7', role: 'admin', type: 'access' }, {}, 'another-secret-of-enough-length-000000')}`],
      ['an expired token', `Bearer ${sign({ sub: '7', role: 'admin', type: 'access', exp: Math.floor(Date.now() / 1000) - 10 })}`],
      ['a refresh token', `Bearer ${sign({ sub: '7', role: 'admin', type: 'refresh' })}`],
      ['a token without a numeric subject', `Bearer ${sign({ sub: 'abc', role: 'admin', type: 'access' })}`],
      ['a token with a negative version', `Bearer ${sign({ sub: '7', role: 'admin', type: 'access', ver: -1 })}`],
      ['a token with a version that is not a count', `Bearer ${sign({ sub: '7', role: 'admin', type: 'access', ver: '1' })}`],
    ])('answers 401 UNAUTHENTICATED for %s', async (_case, header) => {
      const req = http().get('/things');
      if (header) req.set('authorization', header);
      const res = await req.expect(401);
      expect(res.body).toMatchObject({
        success: false,
        status: 'error',
        statusCode: 401,
        error: { code: 'UNAUTHENTICATED', message: expect.any(String) },
        path: '/things',
        method: 'GET',
      });
      expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|node_modules|jwt (malformed|expired)/);
    });

    it('lets @Public() routes through without a token', async () => {
      await http().get('/things/open').expect(200, { open: true });
    });
  });

  describe('RolesGuard', () => {
    it('lets a viewer read but not write (403 FORBIDDEN)', async () => {
      const res = await http()
        .post('/things')
        .set('authorization', `Bearer ${accessToken('viewer')}`)
        .expect(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    });

    it('lets members and admins write', async () => {
      await http()
        .post('/things')
        .set('authorization', `Bearer ${accessToken('member')}`)
        .expect(201);
      await http()
        .post('/things')
        .set('authorization', `Bearer ${accessToken('admin')}`)
        .expect(201);
    });

    it('honours @RequireRole above the method default', async () => {
      await http()
        .delete('/things/all')
        .set('authorization', `Bearer ${accessToken('member')}`)
        .expect(403);
      await http()
        .delete('/things/all')
        .set('authorization', `Bearer ${accessToken('admin')}`)
        .expect(200);
    });

    it('gives an unknown role nothing', async () => {
      await http()
        .get('/things')
        .set('authorization', `Bearer ${accessToken('owner')}`)
        .expect(403);
    });
  });

  describe('HeaderUserGuard', () => {
    it('identifies the user from x-user-email and x-user-name', async () => {
      const res = await headerHttp().get('/builder/me').set('x-user-email', 'a@example.com').set('x-user-name', 'A').expect(200);
      expect(res.body).toEqual({ email: 'a@example.com', name: 'A' });
    });

    it.each([
      ['both missing', {}],
      ['the name missing', { 'x-user-email': 'a@example.com' }],
      ['the email missing', { 'x-user-name': 'A' }],
    ])('answers 401 with %s', async (_case, headers) => {
      const res = await headerHttp().get('/builder/me').set(headers).expect(401);
      expect(res.body).toEqual({ ok: false, error: expect.objectContaining({ code: 'UNAUTHENTICATED' }) });
    });
  });

  describe('ApiKeyGuard', () => {
    const user = { 'x-user-email': 'a@example.com', 'x-user-name': 'A' };

    it('accepts the configured key', async () => {
      await headerHttp().post('/imports').set(user).set('x-api-key', 'import-key-123').expect(201, { imported: true });
    });

    it.each([
      ['missing', undefined],
      ['wrong', 'import-key-124'],
      ['a prefix of the key', 'import-key'],
    ])('answers 401 when the key is %s', async (_case, key) => {
      const req = headerHttp().post('/imports').set(user);
      if (key) req.set('x-api-key', key);
      const res = await req.expect(401);
      expect(res.body.error.code).toBe('UNAUTHENTICATED');
    });
  });
});
