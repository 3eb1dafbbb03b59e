import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ description: 'A scoring rule: a candidate matching `when` gets `points` added to its score (POST .../candidates/score).' })
export class ScoringRule {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'A condition {field, operator, value} or a group {conditions, logic}, as in responseFilter',
    example: { field: 'attributes.age', operator: 'in', value: [20, 21, 22] },
  })
  when!: Record<string, unknown>;

  @ApiProperty({
    type: 'number',
    minimum: -1e9,
    maximum: 1e9,
    description: 'Points added on a match (negative allowed); a score is the sum over the rules matched',
    example: 10,
  })
  points!: number;
}

/** A Project (spec: not shown; the contract of issue 8). */
@ApiSchema({ description: 'A recruiting project: the candidates, slots and emails of one interview study.' })
export class ProjectResponse {
  @ApiProperty({ type: 'integer', description: 'The project id', example: 12 }) id!: number;
  @ApiProperty({ description: 'Project name shown in the console', example: '2026年冬 動画配信サービス利用者インタビュー' }) name!: string;
  @ApiProperty({ type: 'integer', description: 'Length of one interview, in minutes', example: 60 }) interviewDurationMinutes!: number;
  @ApiProperty({
    description: 'IANA time zone of the project: days in queries are read and interview times in emails written in it',
    example: 'Asia/Tokyo',
  })
  timezone!: string;
  @ApiProperty({ type: () => [ScoringRule], description: 'The scoring rules, in order; empty when the project has none' })
  scoringRules!: ScoringRule[];
  @ApiProperty({ format: 'date-time', description: 'When the project was created (ISO 8601)', example: '2026-11-02T00:30:00.000Z' })
  createdAt!: string;
  @ApiProperty({ format: 'date-time', description: 'When the project was last changed (ISO 8601)', example: '2026-11-20T06:15:00.000Z' })
  updatedAt!: string;
}
