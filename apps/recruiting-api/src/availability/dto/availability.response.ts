import { ApiProperty } from '@nestjs/swagger';

export class AvailabilityResponse {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ type: 'integer' }) interviewerId!: number;
  @ApiProperty() interviewerName!: string;
  @ApiProperty({ format: 'date-time' }) startAt!: string;
  @ApiProperty({ format: 'date-time' }) endAt!: string;
}
