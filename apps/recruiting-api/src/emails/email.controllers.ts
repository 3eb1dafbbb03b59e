import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser } from '@platform/auth';
import { ApiEmptyResponse, ApiErrorResponses, ApiRecruitingResponse, type PaginatedResult } from '@platform/contracts';
import { CreateTemplateDto, EmailLogQuery, PreviewEmailDto, SendEmailDto, TemplateParams, UpdateTemplateDto } from './dto/email.dto';
import { EmailSendingService } from './email-sending.service';
import { EmailLogsService } from './email-logs.service';
import { EmailTemplatesService } from './email-templates.service';
import { CandidateParams, ProjectScopeParam } from '../shared-dto/params';
import { EmailLogResponse, EmailPreviewResponse, EmailTemplateResponse, SendResultResponse } from './dto/email.response';

const PREVIEW = {
  summary: 'Render a template for one candidate',
  description: 'Member and above; nothing is sent. Unknown placeholders stay visible and are listed in warnings.',
};
const PREVIEW_ERRORS = { 400: 'A malformed body', 404: 'The project, the template or the candidate does not exist' };
const SEND = {
  summary: 'Bulk send',
  description:
    'Member and above; renders per candidate and logs every attempt. An invitation issues a scheduling token (valid 14 days, ' +
    "replacing the candidate's earlier one) linked in the body and moves pending candidates to contacted. Candidates of other " +
    'projects or without an address are per-candidate errors. With PROTOTYPE_MODE true nothing leaves the machine.',
};
const SEND_ERRORS = {
  400: 'A malformed body (for example no candidateIds, or more than 1,000)',
  404: 'The project or the template does not exist',
  500: 'The mail server could not be reached (EMAIL_SEND_ERROR); the attempts made are logged as failed',
};

/** POST preview, identical under email-templates and emails. */
const PreviewRoute = (operationId: string) =>
  applyDecorators(
    Post('preview'),
    HttpCode(200),
    ApiOperation({ ...PREVIEW, operationId }),
    ApiRecruitingResponse(200, EmailPreviewResponse, 'The rendered mail'),
    ApiErrorResponses(PREVIEW_ERRORS),
  );

/** POST send, identical under email-templates and emails. */
const SendRoute = (operationId: string) =>
  applyDecorators(
    Post('send'),
    HttpCode(200),
    ApiOperation({ ...SEND, operationId }),
    ApiRecruitingResponse(200, SendResultResponse, 'Counts and per-candidate errors'),
    ApiErrorResponses(SEND_ERRORS),
  );

@ApiTags('Email templates and sending')
@Controller('api/v1/email-templates')
export class SystemEmailTemplatesController {
  constructor(private readonly templates: EmailTemplatesService) {}

  @Get()
  @ApiOperation({
    operationId: 'listSystemEmailTemplates',
    summary: 'System templates',
    description: 'Viewer and above; templates with projectId null, one per type at least.',
  })
  @ApiRecruitingResponse(200, [EmailTemplateResponse], 'Every system template')
  list(): Promise<EmailTemplateResponse[]> {
    return this.templates.listSystem();
  }
}

/**
 * Preview and send, the same under email-templates and emails: declared once here and mixed into both controllers
 * (after the controller's own routes and before the base's, which keeps the document's order), each with its
 * controller's operation ids.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin pattern needs any[] (TS2545)
function withSendingRoutes<Base extends abstract new (...args: any[]) => object>(
  base: Base,
  operationIds: { preview: string; send: string },
) {
  abstract class SendingRoutes extends base {
    protected abstract readonly sending: EmailSendingService;

    @PreviewRoute(operationIds.preview)
    preview(@Param() { projectId }: ProjectScopeParam, @Body() body: PreviewEmailDto): Promise<EmailPreviewResponse> {
      return this.sending.preview(projectId, body);
    }

    @SendRoute(operationIds.send)
    send(
      @Param() { projectId }: ProjectScopeParam,
      @Body() body: SendEmailDto,
      @CurrentUser() user: AuthenticatedUser,
    ): Promise<SendResultResponse> {
      return this.sending.send(projectId, body, user.id);
    }
  }
  return SendingRoutes;
}

/** A project's own templates changed and deleted (the rest of ProjectEmailTemplatesController). */
abstract class TemplateEditingRoutes {
  protected abstract readonly templates: EmailTemplatesService;

  @Patch(':templateId')
  @ApiOperation({
    operationId: 'updateEmailTemplate',
    summary: 'Update a template',
    description: "Member and above; only the project's own templates.",
  })
  @ApiRecruitingResponse(200, EmailTemplateResponse, 'The updated template')
  @ApiErrorResponses({ 400: 'A malformed body', 404: 'The project or the template does not exist' })
  update(@Param() { projectId, templateId }: TemplateParams, @Body() body: UpdateTemplateDto): Promise<EmailTemplateResponse> {
    return this.templates.update(projectId, templateId, body);
  }

  @Delete(':templateId')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteEmailTemplate',
    summary: 'Delete a template',
    description: 'Member and above; logs keep their templateId.',
  })
  @ApiEmptyResponse(204, 'Deleted')
  @ApiErrorResponses({ 400: 'A malformed id', 404: 'The project or the template does not exist' })
  delete(@Param() { projectId, templateId }: TemplateParams): Promise<void> {
    return this.templates.delete(projectId, templateId);
  }
}

@ApiTags('Email templates and sending')
@Controller('api/v1/projects/:projectId/email-templates')
export class ProjectEmailTemplatesController extends withSendingRoutes(TemplateEditingRoutes, {
  preview: 'previewEmailTemplate',
  send: 'sendEmailTemplate',
}) {
  constructor(
    protected readonly templates: EmailTemplatesService,
    protected readonly sending: EmailSendingService,
  ) {
    super();
  }

  @Get()
  @ApiOperation({ operationId: 'listEmailTemplates', summary: 'Project templates', description: 'Viewer and above; not paginated.' })
  @ApiRecruitingResponse(200, [EmailTemplateResponse], "The project's own templates")
  @ApiErrorResponses({ 400: 'A malformed id', 404: 'The project does not exist' })
  list(@Param() { projectId }: ProjectScopeParam): Promise<EmailTemplateResponse[]> {
    return this.templates.listProject(projectId);
  }

  @Post()
  @ApiOperation({ operationId: 'createEmailTemplate', summary: 'Create a template', description: 'Member and above.' })
  @ApiRecruitingResponse(201, EmailTemplateResponse, 'The template')
  @ApiErrorResponses({ 400: 'A malformed body', 404: 'The project does not exist' })
  create(@Param() { projectId }: ProjectScopeParam, @Body() body: CreateTemplateDto): Promise<EmailTemplateResponse> {
    return this.templates.create(projectId, body);
  }
}

@ApiTags('Email templates and sending')
@Controller('api/v1/projects/:projectId/emails')
export class EmailsController extends withSendingRoutes(Object, { preview: 'previewEmail', send: 'sendEmails' }) {
  constructor(
    private readonly logRows: EmailLogsService,
    protected readonly sending: EmailSendingService,
  ) {
    super();
  }

  @Get('logs')
  @ApiOperation({
    operationId: 'listEmailLogs',
    summary: 'Email logs of the project',
    description: 'Viewer and above; every attempt, newest first by default.',
  })
  @ApiRecruitingResponse(200, [EmailLogResponse], 'A page of email logs', { paginated: true })
  @ApiErrorResponses({ 400: 'A malformed query', 404: 'The project does not exist' })
  logs(@Param() { projectId }: ProjectScopeParam, @Query() query: EmailLogQuery): Promise<PaginatedResult<EmailLogResponse>> {
    return this.logRows.list(projectId, query);
  }
}

@ApiTags('Candidates')
@Controller('api/v1/projects/:projectId/candidates/:candidateId/email-logs')
export class CandidateEmailLogsController {
  constructor(private readonly logRows: EmailLogsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listCandidateEmailLogs',
    summary: 'Email logs of one candidate',
    description: 'Viewer and above; newest first by default.',
  })
  @ApiRecruitingResponse(200, [EmailLogResponse], 'A page of email logs', { paginated: true })
  @ApiErrorResponses({ 400: 'A malformed query', 404: 'The project or the candidate does not exist' })
  logs(@Param() { projectId, candidateId }: CandidateParams, @Query() query: EmailLogQuery): Promise<PaginatedResult<EmailLogResponse>> {
    return this.logRows.list(projectId, query, candidateId);
  }
}
