import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { ACTOR, BUILDER_CALLERS, startBuilderControllers } from '../../test/support/controller-app';
import { SectionsController } from './sections.controller';
import { SectionsService } from './sections.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startBuilderControllers([SectionsController], [SectionsService]);
});
afterAll(() => app?.close());

const SURVEY = '2c6f1f4e-8a4f-4f7e-9b53-2f3f7c1f0a11';
const SECTION = '3d7a2b1c-5e4f-4a6b-9c8d-1e2f3a4b5c6d';
const ITEM = '5a1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const copy = { sourceSurveyId: SURVEY, sourceSectionId: SECTION, targetSurveyId: SURVEY };
const fromLibrary = { targetSurveyId: SURVEY, libraryItemIds: [ITEM], sectionTitle: 'Habits' };

describeRouteAccess(
  { app: () => app, ...BUILDER_CALLERS, stubs: [SectionsService] },
  {
    'POST /api/surveys/:surveyId/sections': {
      method: 'post',
      request: { path: `/api/surveys/${SURVEY}/sections`, body: { title: 'Habits', description: 'About you' } },
      status: 201,
      service: reaches(SectionsService, 'add', [ACTOR, SURVEY, { title: 'Habits', description: 'About you' }]),
      malformed: [
        { name: 'an empty title', body: { title: '' } },
        { name: 'a survey id that is not a UUID', path: '/api/surveys/x/sections' },
      ],
    },
    'POST /api/sections/import': {
      method: 'post',
      request: { path: '/api/sections/import', body: copy },
      status: 201,
      service: reaches(SectionsService, 'import', [ACTOR, copy]),
      malformed: [{ name: 'a source section that is not a UUID', body: { ...copy, sourceSectionId: '1' } }],
    },
    'POST /api/sections/import-from-external': {
      method: 'post',
      request: { path: '/api/sections/import-from-external', body: fromLibrary },
      status: 201,
      service: reaches(SectionsService, 'importFromLibrary', [ACTOR, fromLibrary]),
      malformed: [{ name: 'no library items', body: { ...fromLibrary, libraryItemIds: [] } }],
    },
    'PATCH /api/sections/:sectionId': {
      method: 'patch',
      request: { path: `/api/sections/${SECTION}`, body: { sortOrder: 2 } },
      status: 200,
      service: reaches(SectionsService, 'update', [ACTOR, SECTION, { sortOrder: 2 }]),
      malformed: [{ name: 'a sort order 0', body: { sortOrder: 0 } }],
    },
    'DELETE /api/sections/:sectionId': {
      method: 'delete',
      request: { path: `/api/sections/${SECTION}` },
      status: 200,
      service: reaches(SectionsService, 'remove', [ACTOR, SECTION], { deleted: true }),
      malformed: [{ name: 'a section id that is not a UUID', path: '/api/sections/7' }],
    },
    'POST /api/sections/:sectionId/duplicate': {
      method: 'post',
      request: { path: `/api/sections/${SECTION}/duplicate` },
      status: 201,
      service: reaches(SectionsService, 'duplicate', [ACTOR, SECTION]),
    },
  },
);
