import { EnumField, IntArrayField, IntField, TextField } from '@platform/contracts';
import { PLACEHOLDERS } from '../../domain/email-rendering';
import { EMAIL_LOG_SORTS, type EmailLogSort } from '../../core/email-logs.repository';

export const TEMPLATE_TYPES = ['invitation', 'reminder', 'confirmation', 'cancellation'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const EMAIL_LOG_STATUSES = ['sent', 'delivered', 'bounced', 'failed'] as const;

const ID = { min: 1, max: 2_147_483_647, fromText: true };
const PLACEHOLDER_TEXT = `Placeholders: ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`;

export class TemplateParams {
  @IntField(ID) projectId!: number;
  @IntField(ID) templateId!: number;
}

export class CreateTemplateDto {
  @EnumField(TEMPLATE_TYPES) type!: TemplateType;
  @TextField({ min: 1, max: 255 }) name!: string;
  @TextField({ min: 1, max: 500, description: PLACEHOLDER_TEXT }) subject!: string;
  @TextField({ min: 1, max: 100_000, description: `Plain text, or HTML (values are escaped into it). ${PLACEHOLDER_TEXT}` }) body!: string;
}

export class UpdateTemplateDto {
  @EnumField(TEMPLATE_TYPES, { optional: true }) type?: TemplateType;
  @TextField({ optional: true, min: 1, max: 255 }) name?: string;
  @TextField({ optional: true, min: 1, max: 500 }) subject?: string;
  @TextField({ optional: true, min: 1, max: 100_000 }) body?: string;
}

export class PreviewEmailDto {
  @IntField({ min: 1, max: 2_147_483_647, description: 'A template of the project or a system template' }) templateId!: number;
  @IntField({ min: 1, max: 2_147_483_647, description: 'A project candidate id' }) candidateId!: number;
}

export class SendEmailDto {
  @IntField({ min: 1, max: 2_147_483_647, description: 'A template of the project or a system template' }) templateId!: number;
  @IntArrayField({
    min: 1,
    max: 2_147_483_647,
    minItems: 1,
    maxItems: 1000,
    description: 'Project candidate ids; a repeated id is sent once',
  })
  candidateIds!: number[];
}

export class EmailLogQuery {
  @IntField({ optional: true, min: 1, max: 1_000_000, default: 1, fromText: true }) page = 1;
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true }) limit = 20;
  @EnumField(EMAIL_LOG_SORTS, { optional: true, description: 'Default -sentAt (newest first); id breaks ties' }) sort?: EmailLogSort;
}
