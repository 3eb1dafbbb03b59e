import { reaches } from '@platform/testing/harness';
import { describeRaceContentRoutes, EMPTY_PAGE, FIRST_PAGE, ID, TOO_LONG_ID } from '../../test/controller-kit';
import { BlogsController } from './blogs.controller';
import { BlogsService } from './blogs.service';

const blog = { name: 'N', body_html: '<h2>N</h2>' };

describeRaceContentRoutes([BlogsController], [BlogsService], {
  'POST /v1/blogs': {
    method: 'post',
    request: { path: '/v1/blogs', body: blog },
    role: 'member',
    status: 201,
    service: reaches(BlogsService, 'create', [blog]),
    malformed: [
      { name: 'a body without name', body: { body_html: 'x' }, status: 422 },
      { name: 'an unknown race_type', body: { ...blog, race_type: 'boat_racing' }, status: 422 },
      { name: 'a query parameter', query: { x: 1 }, status: 422 },
    ],
  },
  'GET /v1/blogs': {
    method: 'get',
    request: { path: '/v1/blogs', query: { origin: 'rewrite', name: 'G1' } },
    role: 'viewer',
    status: 200,
    service: reaches(BlogsService, 'list', [{ ...FIRST_PAGE, origin: 'rewrite', name: 'G1' }], EMPTY_PAGE),
    malformed: [
      { name: 'an unknown origin', query: { origin: 'copied' }, status: 422 },
      { name: 'an operator in a query key', query: { 'name[$ne]': 'x' }, status: 422 },
    ],
  },
  'GET /v1/blogs/:blog_id': {
    method: 'get',
    request: { path: `/v1/blogs/${ID}` },
    role: 'viewer',
    status: 200,
    service: reaches(BlogsService, 'get', [ID]),
    malformed: [{ name: 'an id too long', path: `/v1/blogs/${TOO_LONG_ID}`, status: 422 }],
  },
  'PUT /v1/blogs/:blog_id': {
    method: 'put',
    request: { path: `/v1/blogs/${ID}`, body: { status: 'published' } },
    role: 'member',
    status: 200,
    service: reaches(BlogsService, 'update', [ID, { status: 'published' }]),
    malformed: [
      { name: 'an id too long', path: `/v1/blogs/${TOO_LONG_ID}`, status: 422 },
      { name: 'an unknown status', body: { status: 'archived' }, status: 422 },
    ],
  },
  'DELETE /v1/blogs/:blog_id': {
    method: 'delete',
    request: { path: `/v1/blogs/${ID}` },
    role: 'member',
    status: 204,
    service: reaches(BlogsService, 'delete', [ID]),
    malformed: [{ name: 'an id too long', path: `/v1/blogs/${TOO_LONG_ID}`, status: 422 }],
  },
});
