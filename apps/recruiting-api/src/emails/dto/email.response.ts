import { ApiProperty } from '@nestjs/swagger';
import { EMAIL_LOG_STATUSES, TEMPLATE_TYPES } from './email.dto';

export class EmailTemplateResponse {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'null: a system template' }) projectId!: number | null;
  @ApiProperty({ enum: TEMPLATE_TYPES }) type!: string;
  @ApiProperty() name!: string;
  @ApiProperty() subject!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class EmailPreviewResponse {
  @ApiProperty() subject!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ type: String, nullable: true, description: "The candidate's address; null when there is none" }) to!: string | null;
  @ApiProperty({ type: [String], description: 'Unknown placeholders (left visible) and placeholders without a value' }) warnings!: string[];
}

export class SendError {
  @ApiProperty({ type: 'integer' }) candidateId!: number;
  @ApiProperty({ description: 'The address, or an empty string when there is none' }) email!: string;
  @ApiProperty() message!: string;
}

export class SendResultResponse {
  @ApiProperty({ type: 'integer' }) sent_count!: number;
  @ApiProperty({ type: 'integer' }) failed_count!: number;
  @ApiProperty({ type: () => [SendError] }) errors!: SendError[];
}

export class EmailLogResponse {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ type: 'integer' }) projectCandidateId!: number;
  @ApiProperty({ type: 'integer', nullable: true }) templateId!: number | null;
  @ApiProperty({ description: 'As sent, with the scheduling token masked as [token]' }) subject!: string;
  @ApiProperty({ description: "As sent, with the scheduling token masked as [token]: the link is the candidate's alone" })
  body!: string;
  @ApiProperty({ format: 'date-time' }) sentAt!: string;
  @ApiProperty({ enum: EMAIL_LOG_STATUSES }) status!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The user who sent it; null for mail the system sent (acknowledgements)' })
  sentBy!: number | null;
  @ApiProperty({ type: String, nullable: true }) candidateName!: string | null;
  @ApiProperty({ type: String, nullable: true }) candidateEmail!: string | null;
  @ApiProperty({ type: String, nullable: true }) senderName!: string | null;
}
