import { reaches } from '@platform/testing/harness';
import { describeRaceContentRoutes, EMPTY_PAGE, FIRST_PAGE, ID, TOO_LONG_ID } from '../../test/controller-kit';
import { ArticleGenerationService } from './article-generation.service';
import { ArticlesController, RaceArticlesController } from './articles.controller';
import { ArticlesService } from './articles.service';

const article = { race_id: 'r1', title: 'T', body_html: '<p>x</p>', opening_at: 1 };

describeRaceContentRoutes([ArticlesController, RaceArticlesController], [ArticlesService, ArticleGenerationService], {
  'POST /v1/articles/generation': {
    method: 'post',
    request: { path: '/v1/articles/generation', body: { race_id: 'r1', title: 'T', opening_at: 1 } },
    role: 'member',
    status: 202,
    service: reaches(ArticleGenerationService, 'generate', [{ race_id: 'r1', title: 'T', opening_at: 1 }], { id: ID }),
    malformed: [
      { name: 'a body without race_id', body: { title: 'T', opening_at: 1 }, status: 422 },
      { name: 'an unknown field', body: { race_id: 'r1', title: 'T', opening_at: 1, x: 1 }, status: 422 },
      { name: 'a query parameter', query: { x: 1 }, status: 422 },
    ],
  },
  'POST /v1/articles/:article_id/regeneration': {
    method: 'post',
    request: { path: `/v1/articles/${ID}/regeneration`, body: { custom_prompt: 'shorter' } },
    role: 'member',
    status: 202,
    service: reaches(ArticleGenerationService, 'regenerate', [ID, { custom_prompt: 'shorter' }], { id: ID }),
    malformed: [
      { name: 'an id too long', path: `/v1/articles/${TOO_LONG_ID}/regeneration`, status: 422 },
      { name: 'a custom_prompt that is not text', body: { custom_prompt: 7 }, status: 422 },
    ],
  },
  'POST /v1/articles': {
    method: 'post',
    request: { path: '/v1/articles', body: article },
    role: 'member',
    status: 201,
    service: reaches(ArticlesService, 'create', [article]),
    malformed: [
      { name: 'a body without title', body: { race_id: 'r1', body_html: 'x', opening_at: 1 }, status: 422 },
      { name: 'an unknown status', body: { ...article, status: 'archived' }, status: 422 },
    ],
  },
  'GET /v1/articles': {
    method: 'get',
    request: { path: '/v1/articles', query: { status: 'failed' } },
    role: 'viewer',
    status: 200,
    service: reaches(ArticlesService, 'list', [{ ...FIRST_PAGE, status: 'failed' }], EMPTY_PAGE),
    malformed: [
      { name: 'an unknown query parameter', query: { name: 'x' }, status: 422 },
      { name: 'a page size above 100', query: { size: 101 }, status: 422 },
    ],
  },
  'GET /v1/articles/:article_id': {
    method: 'get',
    request: { path: `/v1/articles/${ID}` },
    role: 'viewer',
    status: 200,
    service: reaches(ArticlesService, 'get', [ID]),
    malformed: [
      { name: 'an id too long', path: `/v1/articles/${TOO_LONG_ID}`, status: 422 },
      { name: 'a query parameter', query: { x: 1 }, status: 422 },
    ],
  },
  'PUT /v1/articles/:article_id': {
    method: 'put',
    request: { path: `/v1/articles/${ID}`, body: { title: 'New' } },
    role: 'member',
    status: 200,
    service: reaches(ArticlesService, 'update', [ID, { title: 'New' }]),
    malformed: [
      { name: 'an id too long', path: `/v1/articles/${TOO_LONG_ID}`, status: 422 },
      { name: 'a title that is not text', body: { title: 1 }, status: 422 },
    ],
  },
  'DELETE /v1/articles/:article_id': {
    method: 'delete',
    request: { path: `/v1/articles/${ID}` },
    role: 'member',
    status: 204,
    service: reaches(ArticlesService, 'delete', [ID]),
    malformed: [{ name: 'an id too long', path: `/v1/articles/${TOO_LONG_ID}`, status: 422 }],
  },
  'GET /v1/races/:race_id/articles/:article_id': {
    method: 'get',
    request: { path: `/v1/races/r1/articles/${ID}` },
    role: 'viewer',
    status: 200,
    service: reaches(ArticlesService, 'getOfRace', ['r1', ID]),
    malformed: [{ name: 'a race id too long', path: `/v1/races/${TOO_LONG_ID}/articles/${ID}`, status: 422 }],
  },
});
