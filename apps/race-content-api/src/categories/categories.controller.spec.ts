import { reaches } from '@platform/testing/harness';
import { describeRaceContentRoutes, EMPTY_PAGE } from '../../test/controller-kit';
import { CategoriesController } from './categories.controller';
import { CategoriesService } from './categories.service';

describeRaceContentRoutes([CategoriesController], [CategoriesService], {
  'GET /v1/categories': {
    method: 'get',
    request: { path: '/v1/categories', query: { order: 'asc' } },
    role: 'viewer',
    status: 200,
    service: reaches(CategoriesService, 'list', [{ page: 1, size: 10, order: 'asc' }], EMPTY_PAGE),
    malformed: [
      { name: 'an unknown order', query: { order: 'up' }, status: 422 },
      { name: 'a page of 0', query: { page: 0 }, status: 422 },
    ],
  },
  'POST /v1/categories': {
    method: 'post',
    request: { path: '/v1/categories', body: { name: '回顧' } },
    role: 'member',
    status: 201,
    service: reaches(CategoriesService, 'create', ['回顧']),
    malformed: [
      { name: 'an empty name', body: { name: '' }, status: 422 },
      { name: 'a name that is not text', body: { name: 3 }, status: 422 },
    ],
  },
});
