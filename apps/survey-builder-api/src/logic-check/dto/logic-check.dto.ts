import { ApiProperty } from '@nestjs/swagger';
import { IntField } from '@platform/contracts';
import { LOGIC_ISSUE_CODES } from '../../domain/logic-check';

export class LogicCheckQuery {
  @IntField({ optional: true, min: 1, max: 2_147_483_647, fromText: true, description: 'The version to check; the latest when omitted' })
  versionNo?: number;
}

export class LogicIssueResponse {
  @ApiProperty({ enum: LOGIC_ISSUE_CODES }) code!: string;
  @ApiProperty({ enum: ['error', 'warning'] }) severity!: string;
  @ApiProperty({ description: 'The question the issue sits on' }) questionCode!: string;
  @ApiProperty({ format: 'uuid' }) questionId!: string;
  @ApiProperty({ format: 'uuid' }) sectionId!: string;
  @ApiProperty() sectionTitle!: string;
  @ApiProperty({ description: 'For people, in Japanese' }) message!: string;
}

export class LogicCheckResponse {
  @ApiProperty({ type: 'integer', description: 'The version checked' }) versionNo!: number;
  @ApiProperty({ type: [LogicIssueResponse], description: 'In question order' }) issues!: LogicIssueResponse[];
  @ApiProperty({ format: 'date-time' }) checkedAt!: string;
}
