import { Inject, Injectable } from '@nestjs/common';
import { placeholderValues } from '../automatic-mails/automatic-mails.service';
import { CandidateStatusService } from '../candidate-status/candidate-status.service';
import { SCHEDULING_CONFIG } from '../config.tokens';
import type { SchedulingConfig } from '../config';
import { RecruitingDb } from '../database/recruiting-db';
import { renderEmail, withSchedulingUrl } from '../domain/email-rendering';
import { maskedForLog } from '../domain/secret-masking';
import { MailDeliveryError, MailTransport } from '../mail-delivery/mail-transport';
import { type ProjectScope, ProjectsRepository } from '../database/repositories/projects.repository';
import { notFound, RecruitingError } from '../recruiting.errors';
import { hashSchedulingToken, newSchedulingToken, SCHEDULING_TOKEN_TTL_MS } from '../domain/scheduling-token';
import { SchedulingTokensRepository } from '../database/repositories/scheduling-tokens.repository';
import type { PreviewEmailDto, SendEmailDto } from './dto/email.dto';
import { type EmailLogInsert, EmailLogsRepository, type RecipientRow } from '../database/repositories/email-logs.repository';
import { EmailTemplatesRepository, type TemplateRow } from '../database/repositories/email-templates.repository';
import { type EmailPreviewResponse, type SendError, type SendResultResponse } from './dto/email.response';

/** Candidates handled per round: tokens, logs and status changes are written set-based per chunk. */
const CHUNK = 500;

/** Preview and bulk send (one service for both base paths); the automatic mails of scheduling are the core's. */
@Injectable()
export class EmailSendingService {
  constructor(
    private readonly db: RecruitingDb,
    private readonly projects: ProjectsRepository,
    private readonly templates: EmailTemplatesRepository,
    private readonly logs: EmailLogsRepository,
    private readonly tokenRows: SchedulingTokensRepository,
    private readonly status: CandidateStatusService,
    private readonly transport: MailTransport,
    @Inject(SCHEDULING_CONFIG) private readonly config: SchedulingConfig,
  ) {}

  async preview(projectId: number, body: PreviewEmailDto): Promise<EmailPreviewResponse> {
    const project = await this.projects.requireScope(this.db, projectId);
    const template = await this.templates.findUsable(this.db, projectId, body.templateId);
    if (!template) throw notFound('The template does not exist');
    const [recipient] = await this.logs.recipients(this.db, projectId, [body.candidateId]);
    if (!recipient) throw notFound('The candidate does not exist');
    const invitation = template.type === 'invitation';
    const rendered = renderEmail(invitation ? withSchedulingUrl(template) : template, {
      ...placeholderValues(project, recipient),
      ...(invitation ? { scheduling_url: `${this.config.publicUrl}/<token>` } : {}),
    });
    const warnings = invitation
      ? [...rendered.warnings, 'scheduling_url: a new link replaces <token> when the invitation is sent']
      : rendered.warnings;
    return { subject: rendered.subject, body: rendered.body, to: recipient.email, warnings };
  }

  /**
   * Renders and sends per candidate; every attempt is logged (sent or failed). An invitation issues each candidate a
   * new scheduling token first and moves those it reached from pending to contacted. Candidates of other projects or
   * without an address are per-candidate errors. When the mail server cannot be reached the attempts so far are
   * logged and the request fails with EMAIL_SEND_ERROR; the rest are not attempted.
   */
  async send(projectId: number, body: SendEmailDto, userId: number): Promise<SendResultResponse> {
    const project = await this.projects.requireScope(this.db, projectId);
    const template = await this.templates.findUsable(this.db, projectId, body.templateId);
    if (!template) throw notFound('The template does not exist');
    const ids = [...new Set(body.candidateIds)];
    const errors: SendError[] = [];
    let sent = 0;
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const found = new Map((await this.logs.recipients(this.db, projectId, chunk)).map((r) => [r.id, r]));
      const ready: RecipientRow[] = [];
      for (const id of chunk) {
        const recipient = found.get(id);
        if (!recipient) errors.push({ candidateId: id, email: '', message: 'The candidate does not exist in this project' });
        else if (!recipient.email) errors.push({ candidateId: id, email: '', message: 'The candidate has no email address' });
        else ready.push(recipient);
      }
      const outcome = await this.sendChunk(project, template, ready, userId);
      sent += outcome.sent;
      errors.push(...outcome.errors);
      if (outcome.down) {
        throw new RecruitingError(
          'EMAIL_SEND_ERROR',
          `The mail server could not be reached: ${sent} sent, ${errors.length} failed, ${ids.length - i - outcome.attempted} not attempted`,
        );
      }
    }
    return { sent_count: sent, failed_count: errors.length, errors };
  }

  private async sendChunk(
    project: ProjectScope,
    template: TemplateRow,
    recipients: RecipientRow[],
    userId: number,
  ): Promise<{ sent: number; attempted: number; errors: SendError[]; down: boolean }> {
    const invitation = template.type === 'invitation';
    // Tokens are stored with the log rows, for the mails that went out only: a failed invitation leaves the
    // candidate's earlier link working.
    const tokens = new Map<number, string>();
    if (invitation) for (const r of recipients) tokens.set(r.id, newSchedulingToken());
    const source = invitation ? withSchedulingUrl(template) : template;
    const attempts: EmailLogInsert[] = [];
    const errors: SendError[] = [];
    let down = false;
    for (const recipient of recipients) {
      const token = tokens.get(recipient.id);
      const rendered = renderEmail(source, {
        ...placeholderValues(project, recipient),
        scheduling_url: token ? `${this.config.publicUrl}/${token}` : undefined,
      });
      // The log keeps the mail as sent with the token masked
      // (docs/decisions.md, "Credentials in stored text, traces and answers"): the link is the candidate's credential,
      // and the token table itself keeps only its digest.
      const logged = maskedForLog(rendered, token ? [token] : []);
      const log: EmailLogInsert = {
        projectId: project.id,
        projectCandidateId: recipient.id,
        templateId: template.id,
        recipient: recipient.email,
        subject: logged.subject,
        body: logged.body,
        status: 'sent',
        error: null,
        sentBy: userId,
      };
      try {
        await this.transport.send({ to: recipient.email!, subject: rendered.subject, body: rendered.body, html: rendered.html });
      } catch (error) {
        const message = error instanceof MailDeliveryError ? error.message : 'The mail could not be sent';
        attempts.push({ ...log, status: 'failed', error: message });
        errors.push({ candidateId: recipient.id, email: recipient.email!, message });
        if (!(error instanceof MailDeliveryError) || error.transportDown) {
          down = true;
          break;
        }
        continue;
      }
      attempts.push(log);
    }
    const sentIds = attempts.filter((a) => a.status === 'sent').map((a) => a.projectCandidateId);
    await this.db.transaction().execute(async (trx) => {
      await this.logs.insertMany(trx, attempts);
      if (invitation) {
        const expiresAt = new Date(Date.now() + SCHEDULING_TOKEN_TTL_MS);
        await this.tokenRows.issueMany(
          trx,
          sentIds.map((id) => ({ projectCandidateId: id, tokenHash: hashSchedulingToken(tokens.get(id)!), expiresAt })),
        );
        await this.status.changeManyIfAllowed(trx, project.id, sentIds, ['pending'], {
          to: 'contacted',
          reason: '招待メール送信',
          changedBy: userId,
        });
      }
    });
    return { sent: sentIds.length, attempted: attempts.length, errors, down };
  }
}
