import { type DynamicModule, type INestApplication, Module, type ModuleMetadata, type Provider, type Type } from '@nestjs/common';
import type { HttpSurface, PlatformApp } from '@platform/runtime';
import request from 'supertest';
import { startTestApp } from './http-app';

/** Request headers that identify one caller (a bearer token, the edge's x-user-* set, an API key…). */
export type CallerHeaders = Record<string, string>;

export interface ControllerAppOptions {
  /** The controllers under test. */
  controllers: Type<unknown>[];
  /**
   * Their services as stubs (see stubProvider), plus the app's real guards, pipes, filters and interceptors
   * (APP_GUARD, APP_PIPE, …: the same providers its modules register), and whatever those inject.
   */
  providers: Provider[];
  /** Modules the guards or controllers need (config slices…); none by default. */
  imports?: ModuleMetadata['imports'];
  /** The app's HTTP surface (error body, OpenAPI header), as main.ts uses it. */
  surface: HttpSurface;
  /**
   * Check every response against the document of these controllers (default false: stubs answer with
   * placeholders, not documented bodies). Turn it on when the stubs return realistic values.
   */
  checkDocument?: boolean;
}

/**
 * A database-free app for controller specs: Fastify built as main.ts builds it (logger, body parser, input
 * guard, OpenAPI), serving only `controllers`, with stubbed services and the app's own guards, pipes and filters.
 */
export async function startControllerApp(options: ControllerAppOptions): Promise<PlatformApp> {
  @Module({})
  class ControllerSpecModule {}
  const module: DynamicModule = {
    module: ControllerSpecModule,
    imports: options.imports ?? [],
    controllers: options.controllers,
    providers: options.providers,
  };
  return startTestApp(module, options.surface, { checkDocument: options.checkDocument ?? false });
}

/** An instance whose every method is a jest mock (resolving to undefined until told otherwise). */
export type Stub<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? jest.Mock<R, A> : T[K] };

/** Mocks every method `type` declares (its prototype chain, up to Object). */
export function stubOf<T>(type: Type<T>): Stub<T> {
  const stub: Record<string, jest.Mock> = {};
  for (let proto = type.prototype as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || name in stub) continue;
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (typeof descriptor?.value === 'function') stub[name] = jest.fn().mockResolvedValue(undefined);
    }
  }
  return stub as unknown as Stub<T>;
}

/** A provider that stands in for `type` with stubOf(type). */
export function stubProvider<T>(type: Type<T>): Provider {
  return { provide: type, useValue: stubOf(type) };
}

/** The stub the app holds for `type` (registered by stubProvider). */
export function stubIn<T>(app: INestApplication, type: Type<T>): Stub<T> {
  return app.get(type, { strict: false }) as unknown as Stub<T>;
}

/** Clears every recorded call and answer of the stubs in `app` (registered by stubProvider). */
export function resetStubs(app: INestApplication, types: Type<unknown>[]): void {
  for (const type of types) {
    for (const mock of Object.values(stubIn(app, type) as Record<string, unknown>)) {
      if (jest.isMockFunction(mock)) mock.mockReset().mockResolvedValue(undefined);
    }
  }
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One request to a route: its path (parameters filled in), query and JSON body. */
export interface RouteRequest {
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Input the validation must refuse before any service runs. */
export interface MalformedCase extends Partial<RouteRequest> {
  /** What is wrong with it (names the test). */
  name: string;
  /** The answer expected (400 by default; 422 where the app says so). */
  status?: 400 | 422;
}

/** The stubbed service method an allowed caller reaches; build it with reaches() to have the method name checked. */
export interface ServiceCall {
  type: Type<unknown>;
  method: string;
  /** The arguments it must receive (unchecked when omitted). */
  args?: unknown[];
  /** What the stub resolves to for this call (undefined when omitted). */
  returns?: unknown;
}

/** A ServiceCall whose method name is checked against the service type. */
export function reaches<S>(type: Type<S>, method: keyof S & string, args?: unknown[], returns?: unknown): ServiceCall {
  return { type, method, ...(args ? { args } : {}), ...(returns !== undefined ? { returns } : {}) };
}

export interface RouteAccessCase {
  method: HttpMethod;
  /** A valid request to the route. */
  request: RouteRequest;
  /** The least role the route needs (callers of every role below it answer 403); undefined when the route has none. */
  role?: string;
  /** A route anyone may call (no 401 checks). */
  public?: boolean;
  /** The status an allowed caller gets. */
  status: number;
  /** The stubbed service method the allowed caller reaches. */
  service: ServiceCall;
  /** Checks the allowed caller's response further. */
  expectBody?: (body: unknown) => void;
  malformed?: MalformedCase[];
}

export interface RouteAccessOptions {
  /** The app under test (started in a beforeAll of the caller's). */
  app: () => INestApplication;
  /**
   * Roles, weakest first, and the headers of a caller holding each. A route's role sets who answers 403
   * (every weaker role) and who is allowed (the route's role).
   */
  roles?: { order: readonly string[]; headers: (role: string) => CallerHeaders };
  /** The caller used for routes without a role (defaults to the strongest role's). */
  caller?: CallerHeaders;
  /** Callers that answer 401 (no credentials, a bad token…), by name. */
  unauthenticated: Record<string, CallerHeaders>;
  /** Every service type stubbed in the app: none of them may run for refused requests. */
  stubs: Type<unknown>[];
  /** The status of refused callers (defaults: 401 and 403). */
  statuses?: { unauthenticated?: number; forbidden?: number };
}

/**
 * Table-driven access checks, one describe per route: 401 for each unauthenticated caller, 403 for each role
 * below the route's, 400/422 for malformed input, none of them reaching a service; and an allowed caller reaching
 * the stubbed service with the right arguments and getting the route's status.
 */
export function describeRouteAccess(options: RouteAccessOptions, routes: Record<string, RouteAccessCase>): void {
  const send = (method: HttpMethod, req: Partial<RouteRequest>, base: RouteRequest, headers: CallerHeaders) => {
    const agent = request(options.app().getHttpServer());
    let call = agent[method](req.path ?? base.path).set({ ...(req.headers ?? base.headers ?? {}), ...headers });
    const query = 'query' in req ? req.query : base.query;
    if (query) call = call.query(query);
    const body = 'body' in req ? req.body : base.body;
    if (body !== undefined) call = call.send(body as object);
    return call;
  };
  const allowedCaller = (route: RouteAccessCase): CallerHeaders => {
    if (route.role !== undefined) {
      if (!options.roles) throw new Error(`route role ${route.role} needs options.roles`);
      return options.roles.headers(route.role);
    }
    if (options.caller) return options.caller;
    if (options.roles) return options.roles.headers(options.roles.order[options.roles.order.length - 1]);
    return {};
  };
  const expectNoServiceRan = () => {
    for (const type of options.stubs) {
      for (const [name, mock] of Object.entries(stubIn(options.app(), type) as Record<string, jest.Mock>)) {
        if (jest.isMockFunction(mock)) expect([`${type.name}.${name}`, mock.mock.calls.length]).toEqual([`${type.name}.${name}`, 0]);
      }
    }
  };

  for (const [title, route] of Object.entries(routes)) {
    describe(title, () => {
      beforeEach(() => resetStubs(options.app(), options.stubs));

      if (!route.public) {
        for (const [name, headers] of Object.entries(options.unauthenticated)) {
          it(`answers ${options.statuses?.unauthenticated ?? 401} with ${name}`, async () => {
            await send(route.method, {}, route.request, headers).expect(options.statuses?.unauthenticated ?? 401);
            expectNoServiceRan();
          });
        }
      }

      if (route.role !== undefined && options.roles) {
        const below = options.roles.order.slice(0, options.roles.order.indexOf(route.role));
        if (options.roles.order.indexOf(route.role) < 0) throw new Error(`unknown role ${route.role}`);
        for (const role of below) {
          it(`answers ${options.statuses?.forbidden ?? 403} to a ${role}`, async () => {
            await send(route.method, {}, route.request, options.roles!.headers(role)).expect(options.statuses?.forbidden ?? 403);
            expectNoServiceRan();
          });
        }
      }

      for (const bad of route.malformed ?? []) {
        it(`answers ${bad.status ?? 400} to ${bad.name}, before any service`, async () => {
          await send(route.method, bad, route.request, allowedCaller(route)).expect(bad.status ?? 400);
          expectNoServiceRan();
        });
      }

      it(`lets ${route.role ?? 'a caller'} reach ${route.service.type.name}.${route.service.method}`, async () => {
        const stub = stubIn(options.app(), route.service.type) as Record<string, jest.Mock>;
        const method = stub[route.service.method];
        if ('returns' in route.service) method.mockResolvedValue(route.service.returns);
        const response = await send(route.method, {}, route.request, allowedCaller(route));
        expect(response.status).toBe(route.status);
        expect(method).toHaveBeenCalledTimes(1);
        if (route.service.args) expect(method.mock.calls[0]).toEqual(route.service.args);
        route.expectBody?.(response.body);
      });
    });
  }
}
