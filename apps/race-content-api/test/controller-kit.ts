import type { Type } from '@nestjs/common';
import { ROLES } from '@platform/auth';
import type { PlatformApp } from '@platform/runtime';
import {
  type CallerHeaders,
  describeRouteAccess,
  resetStubs,
  type RouteAccessCase,
  type ServiceCall,
  startControllerApp,
  stubIn,
  stubProvider,
} from '@platform/testing/harness';
import request from 'supertest';
import { RaceContentHttpModule } from '../src/http/race-content-http.module';
import { RACE_CONTENT_HTTP } from '../src/http-surface';
import { accessToken, TEST_JWT_SECRET } from './test-app';

/** Authorization headers of a caller with this role. */
export const bearer = (role: string): CallerHeaders => ({ authorization: `Bearer ${accessToken(role)}` });

/** Callers race-content-api answers 401: every way a token can fail to be a valid access token. */
export const UNAUTHENTICATED: Record<string, CallerHeaders> = {
  'no token': {},
  'a token that is not a JWT': { authorization: 'Bearer not-a-token' },
  'an expired token': { authorization: `Bearer ${accessToken('admin', { expiresIn: -10 })}` },
  'a token of another secret': { authorization: `Bearer ${accessToken('admin', { secret: 'another-secret-0123456789abcdefghij' })}` },
  'a refresh token': { authorization: `Bearer ${accessToken('admin', { type: 'refresh' })}` },
};

/** A database-free app serving `controllers` with `services` stubbed, behind the app's own RaceContentHttpModule. */
export function startRaceContentControllers(controllers: Type<unknown>[], services: Type<unknown>[], imports: unknown[] = []) {
  return startControllerApp({
    controllers,
    providers: services.map((service) => stubProvider(service)),
    imports: [RaceContentHttpModule.register({ secret: TEST_JWT_SECRET }), ...(imports as [])],
    surface: RACE_CONTENT_HTTP,
  });
}

/**
 * The controller spec of race-content-api: one app for the file, and per route 401 for every caller above, 403 for
 * every role below the route's (GET viewer, any other method member), 422 for each malformed input, none of them
 * reaching a service; an allowed caller reaches the stubbed service with the right arguments.
 */
export function describeRaceContentRoutes(
  controllers: Type<unknown>[],
  services: Type<unknown>[],
  routes: Record<string, RouteAccessCase>,
  imports: unknown[] = [],
): () => PlatformApp {
  let app: PlatformApp;
  beforeAll(async () => {
    app = await startRaceContentControllers(controllers, services, imports);
  });
  afterAll(() => app?.close());
  describeRouteAccess(
    { app: () => app, roles: { order: ROLES, headers: bearer }, unauthenticated: UNAUTHENTICATED, stubs: services },
    routes,
  );
  return () => app;
}

/** An id longer than any path id may be (128 characters): 422 before any service. */
export const TOO_LONG_ID = 'x'.repeat(129);

/** One multipart route (race files, media): describeRouteAccess sends JSON, these routes take a form and a file. */
export interface MultipartRoute {
  method: 'post' | 'put';
  path: string;
  /** The text fields of a valid form, sent before the file. */
  fields: Record<string, string>;
  file: { content: Buffer; name: string } | undefined;
  service: ServiceCall;
  status: number;
  /** Forms (other text fields, or another path) the validation refuses (422) before any service. */
  malformed: Record<string, { fields?: Record<string, string>; path?: string }>;
}

/**
 * The access checks of describeRouteAccess for a multipart route of a member (every multipart route writes): 401
 * for each unauthenticated caller, 403 to a viewer, 422 for each malformed form, none reaching a service; a member
 * reaches the stubbed service with the right arguments.
 */
export function describeMultipartRoute(app: () => PlatformApp, stubs: Type<unknown>[], title: string, route: MultipartRoute): void {
  const send = (headers: CallerHeaders, fields = route.fields, path = route.path) => {
    let call = request(app().getHttpServer())[route.method](path).set(headers);
    for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
    return route.file ? call.attach('file', route.file.content, route.file.name) : call;
  };
  const expectNoServiceRan = () => {
    for (const type of stubs) {
      for (const [name, mock] of Object.entries(stubIn(app(), type) as Record<string, jest.Mock>)) {
        expect([`${type.name}.${name}`, mock.mock.calls.length]).toEqual([`${type.name}.${name}`, 0]);
      }
    }
  };
  describe(title, () => {
    beforeEach(() => resetStubs(app(), stubs));
    for (const [name, headers] of Object.entries(UNAUTHENTICATED)) {
      it(`answers 401 with ${name}`, async () => {
        await send(headers).expect(401);
        expectNoServiceRan();
      });
    }
    it('answers 403 to a viewer', async () => {
      await send(bearer('viewer')).expect(403);
      expectNoServiceRan();
    });
    for (const [name, bad] of Object.entries(route.malformed)) {
      it(`answers 422 to ${name}, before any service`, async () => {
        await send(bearer('member'), bad.fields, bad.path).expect(422);
        expectNoServiceRan();
      });
    }
    it(`lets a member reach ${route.service.type.name}.${route.service.method}`, async () => {
      const method = (stubIn(app(), route.service.type) as Record<string, jest.Mock>)[route.service.method];
      if ('returns' in route.service) method.mockResolvedValue(route.service.returns);
      const response = await send(bearer('member'));
      expect(response.status).toBe(route.status);
      expect(method).toHaveBeenCalledTimes(1);
      if (route.service.args) expect(method.mock.calls[0]).toEqual(route.service.args);
    });
  });
}

/** The page a list without page, size or order asks for (the query DTO's defaults). */
export const FIRST_PAGE = { page: 1, size: 10, order: 'desc' } as const;

/** What a stubbed list answers. */
export const EMPTY_PAGE = { list: [], current_page: 1, total_count: 0 };

/** An ObjectId as a path id (what the stubs are called with). */
export const ID = '0123456789abcdef01234567';
