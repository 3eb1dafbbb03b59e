import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { ACTOR, BUILDER_CALLERS, startBuilderControllers } from '../../test/support/controller-app';
import { LibraryController } from './library.controller';
import { LibraryService } from './library.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startBuilderControllers([LibraryController], [LibraryService]);
});
afterAll(() => app?.close());

const ITEM = '5a1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

describeRouteAccess(
  { app: () => app, ...BUILDER_CALLERS, stubs: [LibraryService] },
  {
    'GET /api/question-library': {
      method: 'get',
      request: { path: '/api/question-library', query: { q: 'food', limit: 10 } },
      status: 200,
      service: reaches(LibraryService, 'list', [{ q: 'food', limit: 10, offset: 0 }], []),
      malformed: [{ name: 'a negative offset', query: { offset: -1 } }],
    },
    'DELETE /api/question-library/:itemId': {
      method: 'delete',
      request: { path: `/api/question-library/${ITEM}` },
      status: 200,
      service: reaches(LibraryService, 'remove', [ACTOR, ITEM], { deleted: true }),
      malformed: [{ name: 'an item id that is not a UUID', path: '/api/question-library/42' }],
    },
  },
);
