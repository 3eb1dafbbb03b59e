import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { CALLER_ID, RECRUITING_CALLERS, startRecruitingControllers } from '../../test/support/controller-app';
import { CandidatesController } from './candidates.controller';
import { CandidatesService } from './candidates.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startRecruitingControllers([CandidatesController], [CandidatesService]);
});
afterAll(() => app?.close());

const base = '/api/v1/projects/3/candidates';

describeRouteAccess(
  { app: () => app, ...RECRUITING_CALLERS, stubs: [CandidatesService] },
  {
    'GET /api/v1/projects/:projectId/candidates': {
      method: 'get',
      request: { path: base, query: { status: 'pending', minScore: 1 } },
      role: 'viewer',
      status: 200,
      service: reaches(CandidatesService, 'list', [3, { page: 1, limit: 20, status: 'pending', minScore: 1 }], {
        items: [],
        page: 1,
        limit: 20,
        total: 0,
      }),
      malformed: [
        { name: 'an unknown status', query: { status: 'hired' } },
        { name: 'a project id that is not a number', path: '/api/v1/projects/x/candidates' },
      ],
    },
    'GET /api/v1/projects/:projectId/candidates/fields': {
      method: 'get',
      request: { path: `${base}/fields` },
      role: 'viewer',
      status: 200,
      service: reaches(CandidatesService, 'fields', [3]),
    },
    'POST /api/v1/projects/:projectId/candidates/score': {
      method: 'post',
      request: { path: `${base}/score` },
      role: 'member',
      status: 200,
      service: reaches(CandidatesService, 'score', [3]),
    },
    'PUT /api/v1/projects/:projectId/candidates/selection': {
      method: 'put',
      request: { path: `${base}/selection`, body: { selections: [{ candidateId: 4, selectionType: 'primary' }] } },
      role: 'member',
      status: 200,
      service: reaches(CandidatesService, 'select', [3, { selections: [{ candidateId: 4, selectionType: 'primary' }] }]),
      malformed: [
        { name: 'no selections', body: { selections: [] } },
        { name: 'an unknown selection type', body: { selections: [{ candidateId: 4, selectionType: 'first' }] } },
      ],
    },
    'GET /api/v1/projects/:projectId/candidates/:candidateId': {
      method: 'get',
      request: { path: `${base}/4` },
      role: 'viewer',
      status: 200,
      service: reaches(CandidatesService, 'get', [3, 4]),
      malformed: [{ name: 'a candidate id that is not a number', path: `${base}/four` }],
    },
    'PATCH /api/v1/projects/:projectId/candidates/:candidateId': {
      method: 'patch',
      request: { path: `${base}/4`, body: { memo: 'call back', priority: 'A' } },
      role: 'member',
      status: 200,
      service: reaches(CandidatesService, 'update', [3, 4, { memo: 'call back', priority: 'A' }]),
      malformed: [{ name: 'an unknown priority', body: { priority: 'Z' } }],
    },
    'DELETE /api/v1/projects/:projectId/candidates/:candidateId': {
      method: 'delete',
      request: { path: `${base}/4` },
      role: 'member',
      status: 204,
      service: reaches(CandidatesService, 'delete', [3, 4]),
    },
    'PATCH /api/v1/projects/:projectId/candidates/:candidateId/status': {
      method: 'patch',
      request: { path: `${base}/4/status`, body: { status: 'contacted', reason: 'called' } },
      role: 'member',
      status: 200,
      service: reaches(CandidatesService, 'changeStatus', [3, 4, { status: 'contacted', reason: 'called' }, CALLER_ID]),
      malformed: [{ name: 'an unknown status', body: { status: 'hired' } }],
    },
    'GET /api/v1/projects/:projectId/candidates/:candidateId/history': {
      method: 'get',
      request: { path: `${base}/4/history` },
      role: 'viewer',
      status: 200,
      service: reaches(CandidatesService, 'history', [3, 4], []),
    },
  },
);
