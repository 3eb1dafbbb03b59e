import { reaches } from '@platform/testing/harness';
import { describeMultipartRoute, describeRaceContentRoutes, EMPTY_PAGE, FIRST_PAGE, TOO_LONG_ID } from '../../test/controller-kit';
import { RacesController } from './races.controller';
import { RacesService } from './races.service';

const raceFile = { content: Buffer.from(JSON.stringify({ race_id: 'r1', entries: [] })), name: '天皇賞.json' };

const app = describeRaceContentRoutes([RacesController], [RacesService], {
  'GET /v1/races': {
    method: 'get',
    request: { path: '/v1/races', query: { type: 'horse_racing' } },
    role: 'viewer',
    status: 200,
    service: reaches(RacesService, 'list', [{ ...FIRST_PAGE, type: 'horse_racing' }], EMPTY_PAGE),
    malformed: [
      { name: 'a list without type', query: {}, status: 422 },
      { name: 'an unknown type', query: { type: 'boat_racing' }, status: 422 },
    ],
  },
  'GET /v1/races/:race_id': {
    method: 'get',
    request: { path: '/v1/races/r1' },
    role: 'viewer',
    status: 200,
    service: reaches(RacesService, 'get', ['r1']),
    malformed: [
      { name: 'a race id too long', path: `/v1/races/${TOO_LONG_ID}`, status: 422 },
      { name: 'a query parameter', query: { x: 1 }, status: 422 },
    ],
  },
  'PUT /v1/races/:race_id': {
    method: 'put',
    request: { path: '/v1/races/r1', body: { name: 'New' } },
    role: 'member',
    status: 200,
    service: reaches(RacesService, 'update', ['r1', { name: 'New' }]),
    malformed: [
      { name: 'a prediction in the body', body: { prediction: {} }, status: 422 },
      { name: 'a race_result that is not an object', body: { race_result: [1] }, status: 422 },
    ],
  },
  'DELETE /v1/races/:race_id': {
    method: 'delete',
    request: { path: '/v1/races/r1' },
    role: 'member',
    status: 204,
    service: reaches(RacesService, 'delete', ['r1']),
    malformed: [{ name: 'a race id too long', path: `/v1/races/${TOO_LONG_ID}`, status: 422 }],
  },
});

describeMultipartRoute(app, [RacesService], 'POST /v1/races (multipart)', {
  method: 'post',
  path: '/v1/races',
  fields: { type: 'horse_racing' },
  file: raceFile,
  status: 201,
  service: reaches(RacesService, 'upload', ['horse_racing', expect.objectContaining({ originalname: '天皇賞.json' })]),
  malformed: { 'an unknown type': { fields: { type: 'boat_racing' } }, 'an unknown field': { fields: { type: 'horse_racing', x: '1' } } },
});

describeMultipartRoute(app, [RacesService], 'PUT /v1/races/prediction (multipart)', {
  method: 'put',
  path: '/v1/races/prediction',
  fields: {},
  file: raceFile,
  status: 200,
  service: reaches(RacesService, 'attachPrediction', [expect.objectContaining({ originalname: '天皇賞.json' })]),
  malformed: { 'a query parameter': { path: '/v1/races/prediction?x=1' } },
});
