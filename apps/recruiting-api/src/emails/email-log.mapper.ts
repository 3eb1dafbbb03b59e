import type { EmailLogRow } from '../database/repositories/email-logs.repository';
import { type EmailLogResponse } from './dto/email.response';

export const toEmailLog = (row: EmailLogRow): EmailLogResponse => ({ ...row, sentAt: row.sentAt.toISOString() });
