import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { ACTOR, BUILDER_CALLERS, startBuilderControllers } from '../../test/support/controller-app';
import { SurveyThemesService } from './survey-themes.service';
import { ThemesController } from './themes.controller';

let app: PlatformApp;
beforeAll(async () => {
  app = await startBuilderControllers([ThemesController], [SurveyThemesService]);
});
afterAll(() => app?.close());

const SURVEY = '2c6f1f4e-8a4f-4f7e-9b53-2f3f7c1f0a11';
const theme = {
  title: 'Lunch',
  clientName: 'Acme',
  objective: { presets: ['awareness'], customText: '' },
  deliveryArea: { preset: null, customText: 'Tokyo' },
  categories: { labels: ['food'], freeText: '' },
  promptText: '',
};

describeRouteAccess(
  { app: () => app, ...BUILDER_CALLERS, stubs: [SurveyThemesService] },
  {
    'GET /api/surveys/:surveyId/theme': {
      method: 'get',
      request: { path: `/api/surveys/${SURVEY}/theme` },
      status: 200,
      service: reaches(SurveyThemesService, 'theme', [ACTOR, SURVEY]),
      malformed: [{ name: 'a survey id that is not a UUID', path: '/api/surveys/x/theme' }],
    },
    'PATCH /api/surveys/:surveyId/theme': {
      method: 'patch',
      request: { path: `/api/surveys/${SURVEY}/theme`, body: theme },
      status: 200,
      service: reaches(SurveyThemesService, 'updateTheme', [ACTOR, SURVEY, theme]),
      malformed: [
        { name: 'no title', body: { ...theme, title: undefined } },
        { name: 'an objective that is not an object', body: { ...theme, objective: 'awareness' } },
      ],
    },
  },
);
