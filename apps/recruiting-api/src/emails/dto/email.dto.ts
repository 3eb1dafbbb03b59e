import { ApiSchema } from '@nestjs/swagger';
import { EnumField, IntArrayField, IntField, TextField } from '@platform/contracts';
import { PLACEHOLDERS } from '../../domain/email-rendering';
import { EMAIL_LOG_SORTS, type EmailLogSort } from '../../database/repositories/email-logs.repository';

export const TEMPLATE_TYPES = ['invitation', 'reminder', 'confirmation', 'cancellation'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const EMAIL_LOG_STATUSES = ['sent', 'delivered', 'bounced', 'failed'] as const;

const ID = { min: 1, max: 2_147_483_647, fromText: true };
const PLACEHOLDER_TEXT = `Placeholders: ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`;
const TYPE_TEXT = 'What the template is for: invitation (carries the scheduling link), reminder, confirmation or cancellation';
const NAME = { description: 'A name for staff to tell templates apart', example: 'インタビューのご案内（2026年冬）' };
const SUBJECT_EXAMPLE = '【{{project_name}}】インタビューご協力のお願い';
const BODY_EXAMPLE =
  '{{candidate_name}} 様\n\n{{interview_duration_minutes}}分ほどのインタビューをお願いしたく、' +
  'ご都合のよい日時を下記のページからお選びください。\n\n{{scheduling_url}}';

export class TemplateParams {
  @IntField({ ...ID, description: 'The project id', example: 12 }) projectId!: number;
  @IntField({ ...ID, description: "The template id (one of the project's own)", example: 5 }) templateId!: number;
}

@ApiSchema({ description: "A new email template of the project's own" })
export class CreateTemplateDto {
  @EnumField(TEMPLATE_TYPES, { description: TYPE_TEXT }) type!: TemplateType;
  @TextField({ min: 1, max: 255, ...NAME }) name!: string;
  @TextField({ min: 1, max: 500, description: `The subject line. ${PLACEHOLDER_TEXT}`, example: SUBJECT_EXAMPLE }) subject!: string;
  @TextField({
    min: 1,
    max: 100_000,
    description: `Plain text, or HTML (values are escaped into it). ${PLACEHOLDER_TEXT}`,
    example: BODY_EXAMPLE,
  })
  body!: string;
}

@ApiSchema({ description: "Changes to one of the project's own templates: absent fields stay as they are" })
export class UpdateTemplateDto {
  @EnumField(TEMPLATE_TYPES, { optional: true, description: TYPE_TEXT }) type?: TemplateType;
  @TextField({ optional: true, min: 1, max: 255, ...NAME }) name?: string;
  @TextField({ optional: true, min: 1, max: 500, description: `The subject line. ${PLACEHOLDER_TEXT}`, example: SUBJECT_EXAMPLE })
  subject?: string;
  @TextField({
    optional: true,
    min: 1,
    max: 100_000,
    description: `Plain text, or HTML (values are escaped into it). ${PLACEHOLDER_TEXT}`,
    example: BODY_EXAMPLE,
  })
  body?: string;
}

@ApiSchema({ description: 'Which template to render for which candidate; nothing is sent' })
export class PreviewEmailDto {
  @IntField({ min: 1, max: 2_147_483_647, description: 'A template of the project or a system template', example: 5 }) templateId!: number;
  @IntField({ min: 1, max: 2_147_483_647, description: 'A project candidate id', example: 358 }) candidateId!: number;
}

@ApiSchema({ description: 'One template sent to many candidates of the project' })
export class SendEmailDto {
  @IntField({ min: 1, max: 2_147_483_647, description: 'A template of the project or a system template', example: 5 }) templateId!: number;
  @IntArrayField({
    min: 1,
    max: 2_147_483_647,
    minItems: 1,
    maxItems: 1000,
    description: 'Project candidate ids (1 to 1,000); a repeated id is sent once',
    example: [358, 359, 360],
  })
  candidateIds!: number[];
}

export class EmailLogQuery {
  @IntField({ optional: true, min: 1, max: 1_000_000, default: 1, fromText: true, description: 'Page number, from 1' }) page = 1;
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true, description: 'Logs per page' }) limit = 20;
  @EnumField(EMAIL_LOG_SORTS, { optional: true, description: 'Default -sentAt (newest first); id breaks ties' }) sort?: EmailLogSort;
}
