import { ApiProperty } from '@nestjs/swagger';

/** The person behind a participation record, as reservations and candidates show it. */
export class CandidatePerson {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty() externalUserId!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ type: String, nullable: true }) phone!: string | null;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
}

export const INTERVIEW_TYPES = ['online_meet', 'online_conf', 'offline', 'any'] as const;
