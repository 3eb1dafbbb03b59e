import { ApiSchema } from '@nestjs/swagger';
import { IntField } from '@platform/contracts';
import { DateTimeField } from '../../shared-dto/date-time.field';

const ID = { min: 1, max: 2_147_483_647, fromText: true };

export class AvailabilityParams {
  @IntField({ ...ID, description: 'The project id', example: 12 }) projectId!: number;
  @IntField({ ...ID, description: 'The availability window id', example: 31 }) availabilityId!: number;
}

@ApiSchema({
  description: "A time window in which an interviewer can hold interviews; slots are cut from it by the project's interview length",
})
export class CreateAvailabilityDto {
  @IntField({ min: 1, max: 2_147_483_647, description: 'An existing user id', example: 7 }) interviewerId!: number;
  @DateTimeField({ description: 'Start of the window, ISO 8601 with an offset (Z or ±hh:mm)', example: '2026-12-01T09:00:00+09:00' })
  startAt!: string;
  @DateTimeField({ description: 'End of the window: after startAt, at most 31 days later', example: '2026-12-01T18:00:00+09:00' })
  endAt!: string;
}

export class ListAvailabilityQuery {
  @IntField({ optional: true, min: 1, max: 1_000_000, default: 1, fromText: true, description: 'Page number, from 1' }) page = 1;
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true, description: 'Windows per page' }) limit = 20;
  @IntField({ ...ID, optional: true, description: "Only this interviewer's windows", example: 7 }) interviewerId?: number;
  @DateTimeField({
    optional: true,
    description: 'Windows ending after this instant (ISO 8601 with an offset)',
    example: '2026-12-01T00:00:00+09:00',
  })
  from?: string;
  @DateTimeField({
    optional: true,
    description: 'Windows starting before this instant (ISO 8601 with an offset)',
    example: '2026-12-08T00:00:00+09:00',
  })
  to?: string;
}
