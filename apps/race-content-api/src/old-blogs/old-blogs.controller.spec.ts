import { reaches } from '@platform/testing/harness';
import { describeRaceContentRoutes, EMPTY_PAGE, FIRST_PAGE, ID, TOO_LONG_ID } from '../../test/controller-kit';
import { OldBlogsController } from './old-blogs.controller';
import { OldBlogsService } from './old-blogs.service';

const oldBlog = { name: 'N', body_html: '<p>x</p>', source_url: 'https://example.com/blog/1' };

describeRaceContentRoutes([OldBlogsController], [OldBlogsService], {
  'POST /v1/old_blogs': {
    method: 'post',
    request: { path: '/v1/old_blogs', body: oldBlog },
    role: 'member',
    status: 201,
    service: reaches(OldBlogsService, 'create', [oldBlog]),
    malformed: [
      { name: 'a source_url that is not http(s)', body: { ...oldBlog, source_url: 'ftp://example.com/x' }, status: 422 },
      { name: 'a body without body_html', body: { name: 'N' }, status: 422 },
    ],
  },
  'GET /v1/old_blogs': {
    method: 'get',
    request: { path: '/v1/old_blogs', query: { race_id: 'r1' } },
    role: 'viewer',
    status: 200,
    service: reaches(OldBlogsService, 'list', [{ ...FIRST_PAGE, race_id: 'r1' }], EMPTY_PAGE),
    malformed: [{ name: 'a repeated race_id', path: '/v1/old_blogs?race_id=a&race_id=b', query: undefined, status: 422 }],
  },
  'GET /v1/old_blogs/:old_blog_id': {
    method: 'get',
    request: { path: `/v1/old_blogs/${ID}` },
    role: 'viewer',
    status: 200,
    service: reaches(OldBlogsService, 'get', [ID]),
    malformed: [{ name: 'an id too long', path: `/v1/old_blogs/${TOO_LONG_ID}`, status: 422 }],
  },
  'PUT /v1/old_blogs/:old_blog_id': {
    method: 'put',
    request: { path: `/v1/old_blogs/${ID}`, body: { category: null } },
    role: 'member',
    status: 200,
    service: reaches(OldBlogsService, 'setCategory', [ID, null]),
    malformed: [
      { name: 'a body without category', body: {}, status: 422 },
      { name: 'an id too long', path: `/v1/old_blogs/${TOO_LONG_ID}`, status: 422 },
    ],
  },
});
