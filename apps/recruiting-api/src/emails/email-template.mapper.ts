import type { TemplateRow } from '../database/repositories/email-templates.repository';
import { type EmailTemplateResponse } from './dto/email.response';

export const toEmailTemplate = (row: TemplateRow): EmailTemplateResponse => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
