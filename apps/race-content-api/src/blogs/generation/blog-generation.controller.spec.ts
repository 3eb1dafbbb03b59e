import { reaches } from '@platform/testing/harness';
import { describeRaceContentRoutes, ID, TOO_LONG_ID } from '../../../test/controller-kit';
import { BlogGenerationController, OldBlogRewriteController } from './blog-generation.controller';
import { BlogGenerationService } from './blog-generation.service';
import { BlogThumbnailsService } from './blog-thumbnails.service';
import { RelatedBlogsService } from './related-blogs.service';

describeRaceContentRoutes(
  [BlogGenerationController, OldBlogRewriteController],
  [BlogGenerationService, BlogThumbnailsService, RelatedBlogsService],
  {
    'POST /v1/blogs/generate': {
      method: 'post',
      request: { path: '/v1/blogs/generate', body: { race_id: 'r1', kind: 'prediction' } },
      role: 'member',
      status: 202,
      service: reaches(BlogGenerationService, 'generate', [{ race_id: 'r1', kind: 'prediction' }], { id: ID }),
      malformed: [
        { name: 'a body without race_id', body: { kind: 'recap' }, status: 422 },
        { name: 'an unknown kind', body: { race_id: 'r1', kind: 'poem' }, status: 422 },
      ],
    },
    'POST /v1/blogs/generation': {
      method: 'post',
      request: { path: '/v1/blogs/generation', body: { old_blog_id: ID } },
      role: 'member',
      status: 202,
      service: reaches(BlogGenerationService, 'generation', [{ old_blog_id: ID }], { id: ID }),
      malformed: [
        { name: 'a body without old_blog_id', body: {}, status: 422 },
        { name: 'an unknown field', body: { old_blog_id: ID, x: 1 }, status: 422 },
      ],
    },
    'POST /v1/blogs/:blog_id/thumbnail_generate': {
      method: 'post',
      request: { path: `/v1/blogs/${ID}/thumbnail_generate` },
      role: 'member',
      status: 202,
      service: reaches(BlogThumbnailsService, 'queue', [ID]),
      malformed: [
        { name: 'an id too long', path: `/v1/blogs/${TOO_LONG_ID}/thumbnail_generate`, status: 422 },
        { name: 'a query parameter', query: { x: 1 }, status: 422 },
      ],
    },
    'POST /v1/blogs/:blog_id/related_generate': {
      method: 'post',
      request: { path: `/v1/blogs/${ID}/related_generate` },
      role: 'member',
      status: 200,
      service: reaches(RelatedBlogsService, 'relate', [ID]),
      malformed: [{ name: 'an id too long', path: `/v1/blogs/${TOO_LONG_ID}/related_generate`, status: 422 }],
    },
    'POST /v1/old_blogs/:old_blog_id/rewrite': {
      method: 'post',
      request: { path: `/v1/old_blogs/${ID}/rewrite`, body: { race_id: 'r1' } },
      role: 'member',
      status: 202,
      service: reaches(BlogGenerationService, 'rewrite', [ID, { race_id: 'r1' }], { id: ID }),
      malformed: [
        { name: 'an id too long', path: `/v1/old_blogs/${TOO_LONG_ID}/rewrite`, status: 422 },
        { name: 'a race_id that is an array', body: { race_id: ['r1'] }, status: 422 },
      ],
    },
  },
);
