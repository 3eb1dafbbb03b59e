import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { EMAIL_LOG_STATUSES, TEMPLATE_TYPES } from './email.dto';

const RENDERED_BODY =
  '山田 太郎 様\n\n60分ほどのインタビューをお願いしたく、ご都合のよい日時を下記のページからお選びください。\n\n' +
  'https://recruit.example.com/schedule';

@ApiSchema({ description: 'An email template: a system template (projectId null) or one of a project' })
export class EmailTemplateResponse {
  @ApiProperty({ type: 'integer', description: 'The template id', example: 5 }) id!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The project it belongs to; null: a system template', example: 12 })
  projectId!: number | null;
  @ApiProperty({ enum: TEMPLATE_TYPES, description: 'What the template is for; an invitation carries the scheduling link' }) type!: string;
  @ApiProperty({ description: 'A name for staff to tell templates apart', example: 'インタビューのご案内（2026年冬）' }) name!: string;
  @ApiProperty({ description: 'The subject line, with {{placeholders}}', example: '【{{project_name}}】インタビューご協力のお願い' })
  subject!: string;
  @ApiProperty({
    description: 'The body with {{placeholders}}: plain text, or HTML when it contains an HTML tag',
    example: '{{candidate_name}} 様\n\nご都合のよい日時を下記のページからお選びください。\n\n{{scheduling_url}}',
  })
  body!: string;
  @ApiProperty({ format: 'date-time', description: 'When the template was created, ISO 8601 in UTC', example: '2026-11-02T04:30:00.000Z' })
  createdAt!: string;
  @ApiProperty({ format: 'date-time', description: 'When it last changed, ISO 8601 in UTC', example: '2026-11-05T08:10:00.000Z' })
  updatedAt!: string;
}

@ApiSchema({ description: 'A template rendered for one candidate, as it would be sent' })
export class EmailPreviewResponse {
  @ApiProperty({
    description: 'The rendered subject line',
    example: '【2026年冬 動画配信サービス利用者インタビュー】インタビューご協力のお願い',
  })
  subject!: string;
  @ApiProperty({
    description: 'The rendered body (plain text, or an HTML fragment when the template is HTML); an invitation shows <token> in its link',
    example: `${RENDERED_BODY}/<token>`,
  })
  body!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The candidate's address; null when there is none",
    example: 'taro.yamada@example.com',
  })
  to!: string | null;
  @ApiProperty({
    type: [String],
    description: 'Unknown placeholders (left visible) and placeholders without a value',
    example: ['scheduling_url: a new link replaces <token> when the invitation is sent'],
  })
  warnings!: string[];
}

@ApiSchema({ description: 'A candidate the mail was not sent to, and why' })
export class SendError {
  @ApiProperty({ type: 'integer', description: 'The project candidate id', example: 359 }) candidateId!: number;
  @ApiProperty({ description: 'The address, or an empty string when there is none', example: '' }) email!: string;
  @ApiProperty({ description: 'Why it was not sent', example: 'The candidate has no email address' }) message!: string;
}

@ApiSchema({ description: 'The outcome of a bulk send' })
export class SendResultResponse {
  @ApiProperty({ type: 'integer', description: 'Mails sent (while PROTOTYPE_MODE is true, logged as sent without leaving)', example: 2 })
  sent_count!: number;
  @ApiProperty({ type: 'integer', description: 'Candidates not sent to: the number of errors', example: 1 }) failed_count!: number;
  @ApiProperty({ type: () => [SendError], description: 'One entry per candidate not sent to' }) errors!: SendError[];
}

@ApiSchema({ description: 'One email sent or attempted to a candidate, as logged' })
export class EmailLogResponse {
  @ApiProperty({ type: 'integer', description: 'The log entry id', example: 1203 }) id!: number;
  @ApiProperty({ type: 'integer', description: 'The project candidate the mail was for', example: 358 }) projectCandidateId!: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The template used (it may have been deleted since); null for the acknowledgement, which has no template',
    example: 5,
  })
  templateId!: number | null;
  @ApiProperty({
    description: 'As sent, with the scheduling token masked as [token]',
    example: '【2026年冬 動画配信サービス利用者インタビュー】インタビューご協力のお願い',
  })
  subject!: string;
  @ApiProperty({
    description: "As sent, with the scheduling token masked as [token]: the link is the candidate's alone",
    example: `${RENDERED_BODY}/[token]`,
  })
  body!: string;
  @ApiProperty({ format: 'date-time', description: 'When it was sent or attempted, ISO 8601 in UTC', example: '2026-11-20T02:00:00.000Z' })
  sentAt!: string;
  @ApiProperty({
    enum: EMAIL_LOG_STATUSES,
    description:
      'sent: handed to the mail server (while PROTOTYPE_MODE is true, only logged); failed: the attempt failed. delivered and ' +
      'bounced are reserved and not recorded yet',
  })
  status!: string;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The user who sent it; null for mail the system sent (acknowledgements)',
    example: 7,
  })
  sentBy!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The candidate's current name; null when none is on record",
    example: '山田 太郎',
  })
  candidateName!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The candidate's current address; null when none is on record",
    example: 'taro.yamada@example.com',
  })
  candidateEmail!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The sender's display name; null when sentBy is null", example: '佐藤 花子' })
  senderName!: string | null;
}
