import type { PlatformApp } from '@platform/runtime';
import { describeRouteAccess, reaches } from '@platform/testing/harness';
import { CALLER_ID, RECRUITING_CALLERS, startRecruitingControllers } from '../../test/support/controller-app';
import { EmailLogsService } from './email-logs.service';
import { EmailSendingService } from './email-sending.service';
import { EmailTemplatesService } from './email-templates.service';
import {
  CandidateEmailLogsController,
  EmailsController,
  ProjectEmailTemplatesController,
  SystemEmailTemplatesController,
} from './email.controllers';

const SERVICES = [EmailTemplatesService, EmailSendingService, EmailLogsService];

let app: PlatformApp;
beforeAll(async () => {
  app = await startRecruitingControllers(
    [SystemEmailTemplatesController, ProjectEmailTemplatesController, EmailsController, CandidateEmailLogsController],
    SERVICES,
  );
});
afterAll(() => app?.close());

const project = '/api/v1/projects/3';
const template = { type: 'invitation', name: 'Invite', subject: 'Hello {{candidate_name}}', body: 'Book: {{scheduling_url}}' };
const preview = { templateId: 5, candidateId: 4 };
const send = { templateId: 5, candidateIds: [4, 6] };

/** Preview and send answer the same under both base paths. */
const sendingRoutes = (base: string) => ({
  [`POST ${base}/preview`]: {
    method: 'post' as const,
    request: { path: `${project}/${base}/preview`, body: preview },
    role: 'member',
    status: 200,
    service: reaches(EmailSendingService, 'preview', [3, preview]),
    malformed: [{ name: 'no candidate', body: { templateId: 5 } }],
  },
  [`POST ${base}/send`]: {
    method: 'post' as const,
    request: { path: `${project}/${base}/send`, body: send },
    role: 'member',
    status: 200,
    service: reaches(EmailSendingService, 'send', [3, send, CALLER_ID]),
    malformed: [
      { name: 'no candidate ids', body: { templateId: 5, candidateIds: [] } },
      { name: 'a candidate id 0', body: { templateId: 5, candidateIds: [0] } },
    ],
  },
});

describeRouteAccess(
  { app: () => app, ...RECRUITING_CALLERS, stubs: SERVICES },
  {
    'GET /api/v1/email-templates': {
      method: 'get',
      request: { path: '/api/v1/email-templates' },
      role: 'viewer',
      status: 200,
      service: reaches(EmailTemplatesService, 'listSystem', [], []),
    },
    'GET /api/v1/projects/:projectId/email-templates': {
      method: 'get',
      request: { path: `${project}/email-templates` },
      role: 'viewer',
      status: 200,
      service: reaches(EmailTemplatesService, 'listProject', [3], []),
      malformed: [{ name: 'a project id that is not a number', path: '/api/v1/projects/x/email-templates' }],
    },
    'POST /api/v1/projects/:projectId/email-templates': {
      method: 'post',
      request: { path: `${project}/email-templates`, body: template },
      role: 'member',
      status: 201,
      service: reaches(EmailTemplatesService, 'create', [3, template]),
      malformed: [
        { name: 'an unknown type', body: { ...template, type: 'newsletter' } },
        { name: 'an empty subject', body: { ...template, subject: '' } },
      ],
    },
    ...sendingRoutes('email-templates'),
    'PATCH /api/v1/projects/:projectId/email-templates/:templateId': {
      method: 'patch',
      request: { path: `${project}/email-templates/5`, body: { name: 'Renamed' } },
      role: 'member',
      status: 200,
      service: reaches(EmailTemplatesService, 'update', [3, 5, { name: 'Renamed' }]),
      malformed: [{ name: 'an empty body text', body: { body: '' } }],
    },
    'DELETE /api/v1/projects/:projectId/email-templates/:templateId': {
      method: 'delete',
      request: { path: `${project}/email-templates/5` },
      role: 'member',
      status: 204,
      service: reaches(EmailTemplatesService, 'delete', [3, 5]),
      malformed: [{ name: 'a template id that is not a number', path: `${project}/email-templates/five` }],
    },
    'GET /api/v1/projects/:projectId/emails/logs': {
      method: 'get',
      request: { path: `${project}/emails/logs`, query: { sort: 'sentAt' } },
      role: 'viewer',
      status: 200,
      service: reaches(EmailLogsService, 'list', [3, { page: 1, limit: 20, sort: 'sentAt' }], { items: [], page: 1, limit: 20, total: 0 }),
      malformed: [{ name: 'an unknown sort', query: { sort: 'subject' } }],
    },
    ...sendingRoutes('emails'),
    'GET /api/v1/projects/:projectId/candidates/:candidateId/email-logs': {
      method: 'get',
      request: { path: `${project}/candidates/4/email-logs` },
      role: 'viewer',
      status: 200,
      service: reaches(EmailLogsService, 'list', [3, { page: 1, limit: 20 }, 4], { items: [], page: 1, limit: 20, total: 0 }),
      malformed: [{ name: 'a page 0', query: { page: 0 } }],
    },
  },
);
