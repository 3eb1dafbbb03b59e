import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IntField } from '@platform/contracts';
import { LOGIC_ISSUE_CODES } from '../../domain/logic-check';

export class LogicCheckQuery {
  @IntField({
    optional: true,
    min: 1,
    max: 2_147_483_647,
    fromText: true,
    description: 'The version to check; the latest when omitted',
    example: 3,
  })
  versionNo?: number;
}

@ApiSchema({ description: 'A problem the logic check found on one question.' })
export class LogicIssueResponse {
  @ApiProperty({ enum: LOGIC_ISSUE_CODES, description: 'What kind of problem it is' }) code!: string;
  @ApiProperty({ enum: ['error', 'warning'], description: 'error: the logic is broken; warning: it works but deserves a look' })
  severity!: string;
  @ApiProperty({ description: 'The question the issue sits on', example: 'Q3' }) questionCode!: string;
  @ApiProperty({ format: 'uuid', description: 'That question’s id in the version checked' }) questionId!: string;
  @ApiProperty({ format: 'uuid', description: 'The id of the question’s section in the version checked' }) sectionId!: string;
  @ApiProperty({ description: 'The title of the question’s section', example: '本調査' }) sectionTitle!: string;
  @ApiProperty({ description: 'For people, in Japanese', example: '分岐先の設問 Q12 がこの版にありません。' }) message!: string;
}

@ApiSchema({ description: 'The result of checking a version’s branch and visibility logic.' })
export class LogicCheckResponse {
  @ApiProperty({ type: 'integer', description: 'The version checked', example: 3 }) versionNo!: number;
  @ApiProperty({ type: [LogicIssueResponse], description: 'In question order; empty when the logic has no problem' })
  issues!: LogicIssueResponse[];
  @ApiProperty({ format: 'date-time', description: 'When the check ran (ISO 8601)' }) checkedAt!: string;
}
