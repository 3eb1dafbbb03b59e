import { reaches } from '@platform/testing/harness';
import { describeRaceContentRoutes, EMPTY_PAGE, FIRST_PAGE, ID, TOO_LONG_ID } from '../../test/controller-kit';
import { NgWordsController } from './ng-words.controller';
import { NgWordsService } from './ng-words.service';

describeRaceContentRoutes([NgWordsController], [NgWordsService], {
  'POST /v1/ng_words': {
    method: 'post',
    request: { path: '/v1/ng_words', body: { name: '禁止' } },
    role: 'member',
    status: 201,
    service: reaches(NgWordsService, 'create', ['禁止']),
    malformed: [
      { name: 'a body without name', body: {}, status: 422 },
      { name: 'an unknown field', body: { name: 'x', y: 1 }, status: 422 },
    ],
  },
  'GET /v1/ng_words': {
    method: 'get',
    request: { path: '/v1/ng_words' },
    role: 'viewer',
    status: 200,
    service: reaches(NgWordsService, 'list', [FIRST_PAGE], EMPTY_PAGE),
    malformed: [{ name: 'an unknown query parameter', query: { name: 'x' }, status: 422 }],
  },
  'GET /v1/ng_words/:ng_word_id': {
    method: 'get',
    request: { path: `/v1/ng_words/${ID}` },
    role: 'viewer',
    status: 200,
    service: reaches(NgWordsService, 'get', [ID]),
    malformed: [{ name: 'an id too long', path: `/v1/ng_words/${TOO_LONG_ID}`, status: 422 }],
  },
  'PUT /v1/ng_words/:ng_word_id': {
    method: 'put',
    request: { path: `/v1/ng_words/${ID}`, body: { name: '別' } },
    role: 'member',
    status: 200,
    service: reaches(NgWordsService, 'rename', [ID, '別']),
    malformed: [
      { name: 'an id too long', path: `/v1/ng_words/${TOO_LONG_ID}`, status: 422 },
      { name: 'a body without name', body: {}, status: 422 },
    ],
  },
  'DELETE /v1/ng_words/:ng_word_id': {
    method: 'delete',
    request: { path: `/v1/ng_words/${ID}` },
    role: 'member',
    status: 204,
    service: reaches(NgWordsService, 'delete', [ID]),
    malformed: [{ name: 'an id too long', path: `/v1/ng_words/${TOO_LONG_ID}`, status: 422 }],
  },
});
