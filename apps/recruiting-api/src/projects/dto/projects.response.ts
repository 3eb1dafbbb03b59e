import { ApiProperty } from '@nestjs/swagger';

export class ScoringRule {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'A condition {field, operator, value} or a group {conditions, logic}, as in responseFilter',
    example: { field: 'attributes.age', operator: 'in', value: [20, 21, 22] },
  })
  when!: Record<string, unknown>;

  @ApiProperty({ type: 'number', minimum: -1e9, maximum: 1e9, description: 'Points added on a match (negative allowed)' })
  points!: number;
}

/** A Project (spec: not shown; the contract of issue 8). */
export class ProjectResponse {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer' }) interviewDurationMinutes!: number;
  @ApiProperty({ description: 'IANA time zone name' }) timezone!: string;
  @ApiProperty({ type: () => [ScoringRule], description: 'Empty when the project has no rules' }) scoringRules!: ScoringRule[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}
