import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ description: "An interviewer's availability window in the project; bookable slots are cut from it" })
export class AvailabilityResponse {
  @ApiProperty({ type: 'integer', description: 'The window id', example: 31 }) id!: number;
  @ApiProperty({ type: 'integer', description: "The interviewer's user id", example: 7 }) interviewerId!: number;
  @ApiProperty({ description: "The interviewer's display name", example: '佐藤 花子' }) interviewerName!: string;
  @ApiProperty({ format: 'date-time', description: 'Start of the window, ISO 8601 in UTC', example: '2026-12-01T00:00:00.000Z' })
  startAt!: string;
  @ApiProperty({ format: 'date-time', description: 'End of the window, ISO 8601 in UTC', example: '2026-12-01T09:00:00.000Z' })
  endAt!: string;
}
