import { Injectable, Logger } from '@nestjs/common';
import { RecruitingDb } from '../database/recruiting-db';
import { formatScheduledAt, type PlaceholderValues, renderEmail } from '../domain/email-rendering';
import { MailDeliveryError, MailTransport } from '../mail-delivery/mail-transport';
import { type EmailLogInsert, EmailLogsRepository, type RecipientRow } from '../database/repositories/email-logs.repository';
import { EmailTemplatesRepository } from '../database/repositories/email-templates.repository';
import type { ProjectScope } from '../database/repositories/projects.repository';

/** What automatic mail (not a bulk send) is about. */
export type AutomaticMail = 'acknowledgement' | 'confirmation' | 'cancellation';

/** The acknowledgement of submitted slots has no template type of its own (there are four, none for it): it is this text. */
const ACKNOWLEDGEMENT = {
  subject: '【{{project_name}}】ご希望日時を受け付けました',
  body:
    '{{candidate_name}} 様\n\n「{{project_name}}」のインタビューについて、ご希望の日時を受け付けました。\n' +
    '担当者が日程を確定しましたら、改めてご連絡いたします。\n\nご協力ありがとうございます。',
};

/** The automatic mails of scheduling (acknowledgement, confirmation, cancellation), sent by the features that cause them. */
@Injectable()
export class AutomaticMailsService {
  private readonly logger = new Logger('EmailSending');

  constructor(
    private readonly db: RecruitingDb,
    private readonly templates: EmailTemplatesRepository,
    private readonly logs: EmailLogsRepository,
    private readonly transport: MailTransport,
  ) {}

  /**
   * Automatic mail to one candidate (acknowledgement, confirmation, cancellation): rendered, attempted and logged;
   * a failure is logged and never thrown, so it never fails the request that caused it.
   */
  async sendAutomatic(project: ProjectScope, projectCandidateId: number, kind: AutomaticMail, sentBy: number | null): Promise<void> {
    const projectId = project.id;
    try {
      const template = kind === 'acknowledgement' ? undefined : await this.templates.findByType(this.db, projectId, kind);
      const [recipient] = await this.logs.recipients(this.db, projectId, [projectCandidateId]);
      if (!recipient?.email) return;
      const rendered = renderEmail(template ?? ACKNOWLEDGEMENT, placeholderValues(project, recipient));
      const log: EmailLogInsert = {
        projectId,
        projectCandidateId,
        templateId: template?.id ?? null,
        recipient: recipient.email,
        subject: rendered.subject,
        body: rendered.body,
        status: 'sent',
        error: null,
        sentBy,
      };
      try {
        await this.transport.send({ to: recipient.email, subject: rendered.subject, body: rendered.body, html: rendered.html });
      } catch (error) {
        log.status = 'failed';
        log.error = error instanceof MailDeliveryError ? error.message : 'The mail could not be sent';
      }
      await this.logs.insertMany(this.db, [log]);
    } catch (error) {
      this.logger.warn(`${kind} mail to candidate ${projectCandidateId} was not recorded: ${(error as Error).message}`);
    }
  }
}

/** The placeholders of a mail to one candidate of the project. */
export function placeholderValues(project: ProjectScope, r: RecipientRow): PlaceholderValues {
  return {
    candidate_name: r.name ?? undefined,
    project_name: project.name,
    interview_duration_minutes: String(project.interviewDurationMinutes),
    scheduled_at: r.scheduledAt ? formatScheduledAt(r.scheduledAt, project.timezone) : undefined,
    interviewer_name: r.interviewerName ?? undefined,
    meeting_url: r.meetingUrl ?? undefined,
  };
}
