import { MultipartModule } from '@nestjs/platform-fastify/multipart';
import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches, stubIn } from '@platform/testing/harness';
import request from 'supertest';
import { CALLER_ID, RECRUITING_CALLERS, startRecruitingControllers } from '../../../test/support/controller-app';
import { ImportsController } from './imports.controller';
import { ImportsService } from './imports.service';

let app: PlatformApp;
beforeAll(async () => {
  app = await startRecruitingControllers(
    [ImportsController],
    [ImportsService],
    [],
    [MultipartModule.register({ limits: { fileSize: 1024 } })],
  );
});
afterAll(() => app?.close());

const base = '/api/v1/projects/3/candidates/import';
const FILE_ID = '0b7e4a52-3f5e-4c1a-9d7e-2a4f6c8e0b11';
const field = (sourceField: string) => ({ type: 'direct', sourceField });
const surveyImport = { surveyId: 's-1', mapping: { externalUserId: field('ID'), name: field('Name'), email: field('Mail') } };
const mapping = { external_user_id: { column_index: 0 }, name: { column_index: 1 }, email: { column_index: 2 } };

describeRouteAccess(
  { app: () => app, ...RECRUITING_CALLERS, stubs: [ImportsService] },
  {
    'POST /api/v1/projects/:projectId/candidates/import/survey/preview': {
      method: 'post',
      request: { path: `${base}/survey/preview`, body: { ...surveyImport, sampleSize: 3 } },
      role: 'member',
      status: 200,
      service: reaches(ImportsService, 'surveyPreview', [3, { ...surveyImport, sampleSize: 3 }]),
      malformed: [
        { name: 'no mapping', body: { surveyId: 's-1' } },
        { name: 'a sample of 101 rows', body: { ...surveyImport, sampleSize: 101 } },
      ],
    },
    'POST /api/v1/projects/:projectId/candidates/import/survey': {
      method: 'post',
      request: { path: `${base}/survey`, body: surveyImport },
      role: 'member',
      status: 201,
      service: reaches(ImportsService, 'surveyImport', [3, surveyImport, CALLER_ID]),
      malformed: [
        {
          name: 'a mapping type other than direct',
          body: { ...surveyImport, mapping: { ...surveyImport.mapping, name: { type: 'sum', sourceField: 'x' } } },
        },
      ],
    },
    'GET /api/v1/projects/:projectId/candidates/import/:fileId': {
      method: 'get',
      request: { path: `${base}/${FILE_ID}` },
      role: 'viewer',
      status: 200,
      service: reaches(ImportsService, 'get', [3, FILE_ID]),
      malformed: [{ name: 'a file id that is not a UUID', path: `${base}/not-a-uuid` }],
    },
    'POST /api/v1/projects/:projectId/candidates/import/:fileId/execute': {
      method: 'post',
      request: { path: `${base}/${FILE_ID}/execute`, body: { mapping } },
      role: 'member',
      status: 201,
      service: reaches(ImportsService, 'execute', [3, FILE_ID, { mapping }, CALLER_ID]),
      malformed: [
        { name: 'a mapping without email', body: { mapping: { external_user_id: { column_index: 0 }, name: { column_index: 1 } } } },
      ],
    },
    'GET /api/v1/projects/:projectId/candidates/import/:importId/status': {
      method: 'get',
      request: { path: `${base}/12/status` },
      role: 'viewer',
      status: 200,
      service: reaches(ImportsService, 'status', [3, 12]),
      malformed: [{ name: 'an import id 0', path: `${base}/0/status` }],
    },
  },
);

describe('POST /api/v1/projects/:projectId/candidates/import/upload', () => {
  const upload = (headers: Record<string, string>) =>
    request(app.getHttpServer()).post(`${base}/upload`).set(headers).attach('file', Buffer.from('ID\tName\n1\tAnn\n'), 'people.tsv');
  const service = () => stubIn(app, ImportsService);
  beforeEach(() =>
    service()
      .upload.mockReset()
      .mockResolvedValue(undefined as never),
  );

  it('answers 401 to every bad credential and 403 to a viewer, reaching no service', async () => {
    for (const headers of Object.values(RECRUITING_CALLERS.unauthenticated)) await upload(headers).expect(401);
    await upload(RECRUITING_CALLERS.roles.headers('viewer')).expect(403);
    expect(service().upload).not.toHaveBeenCalled();
  });

  it('answers 400 to a form without the file part, before any service', async () => {
    await request(app.getHttpServer())
      .post(`${base}/upload`)
      .set(RECRUITING_CALLERS.roles.headers('member'))
      .field('other', 'x')
      .expect(400);
    expect(service().upload).not.toHaveBeenCalled();
  });

  it('lets a member reach ImportsService.upload with the file and the caller', async () => {
    service().upload.mockImplementation(async (_projectId, file) => {
      for await (const _chunk of (file as unknown as { file: AsyncIterable<Buffer> }).file ?? []) void _chunk;
      return undefined as never;
    });
    await upload(RECRUITING_CALLERS.roles.headers('member')).expect(200);
    expect(service().upload).toHaveBeenCalledWith(3, expect.anything(), CALLER_ID);
  });
});
