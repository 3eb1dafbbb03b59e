import { MultipartModule } from '@nestjs/platform-fastify/multipart';
import { reaches } from '@platform/testing/harness';
import { describeMultipartRoute, describeRaceContentRoutes, EMPTY_PAGE, FIRST_PAGE, ID, TOO_LONG_ID } from '../../test/controller-kit';
import { MediasController } from './medias.controller';
import { MediasService } from './medias.service';

const png = { content: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), name: 'a.png' };

const app = describeRaceContentRoutes(
  [MediasController],
  [MediasService],
  {
    'GET /v1/medias': {
      method: 'get',
      request: { path: '/v1/medias', query: { mime_type: 'video' } },
      role: 'viewer',
      status: 200,
      service: reaches(MediasService, 'list', [{ ...FIRST_PAGE, mime_type: 'video' }], EMPTY_PAGE),
      malformed: [{ name: 'an unknown mime_type', query: { mime_type: 'audio' }, status: 422 }],
    },
    'GET /v1/medias/:media_id': {
      method: 'get',
      request: { path: `/v1/medias/${ID}` },
      role: 'viewer',
      status: 200,
      service: reaches(MediasService, 'get', [ID]),
      malformed: [{ name: 'an id too long', path: `/v1/medias/${TOO_LONG_ID}`, status: 422 }],
    },
    'DELETE /v1/medias/:media_id': {
      method: 'delete',
      request: { path: `/v1/medias/${ID}` },
      role: 'member',
      status: 204,
      service: reaches(MediasService, 'delete', [ID]),
      malformed: [{ name: 'an id too long', path: `/v1/medias/${TOO_LONG_ID}`, status: 422 }],
    },
  },
  [MultipartModule.register({ limits: { fileSize: 1024 * 1024 } })],
);

describeMultipartRoute(app, [MediasService], 'POST /v1/medias (multipart)', {
  method: 'post',
  path: '/v1/medias',
  fields: { name: 'a.png', mime_type: 'image' },
  file: png,
  status: 201,
  service: reaches(MediasService, 'create', [{ name: 'a.png', mime_type: 'image' }, expect.anything()]),
  malformed: {
    'an unknown mime_type': { fields: { name: 'a.png', mime_type: 'audio' } },
    'a form without name': { fields: { mime_type: 'image' } },
  },
});

describeMultipartRoute(app, [MediasService], 'PUT /v1/medias/:media_id (multipart)', {
  method: 'put',
  path: `/v1/medias/${ID}`,
  fields: { name: 'b.png' },
  file: undefined,
  status: 200,
  service: reaches(MediasService, 'update', [ID, { name: 'b.png' }, undefined]),
  malformed: {
    'an id too long': { path: `/v1/medias/${TOO_LONG_ID}` },
    'an unknown mime_type': { fields: { mime_type: 'audio' } },
    'an unknown field': { fields: { x: '1' } },
  },
});
