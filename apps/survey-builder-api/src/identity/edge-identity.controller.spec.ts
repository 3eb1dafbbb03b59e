import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { IDENTITY_CHECK } from '@platform/routing';
import { BUILDER_CALLERS, startBuilderControllers } from '../../test/support/controller-app';
import { EdgeIdentityController } from './edge-identity.controller';
import { EdgeIdentityService } from './edge-identity.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startBuilderControllers([EdgeIdentityController], [EdgeIdentityService]);
});
afterAll(() => app?.close());

const who = { email: 'alice@example.com', name: 'Alice' };
const check = `${IDENTITY_CHECK.path}/api/surveys`;

// The edge's identity check is public by design: it is what turns a bearer token into the identity headers; the
// service decides (its own spec and test/edge-identity.spec.ts cover the refusals).
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

describeRouteAccess(
  { app: () => app, ...BUILDER_CALLERS, caller: { authorization: 'Bearer t0ken' }, stubs: [EdgeIdentityService] },
  Object.fromEntries(
    METHODS.map((method) => [
      `${method.toUpperCase()} identity check`,
      {
        method,
        request: { path: check },
        public: true,
        status: 200,
        service: reaches(
          EdgeIdentityService,
          'identify',
          [{ path: '/api/surveys', authorization: 'Bearer t0ken', apiKey: undefined }],
          who,
        ),
        expectBody: (body: unknown) => expect(body).toEqual({ ok: true, data: who }),
      },
    ]),
  ),
);
