import { ApiSchema } from '@nestjs/swagger';
import { IntField, NestedArrayField, TextField } from '@platform/contracts';
import { DateTimeField, DayField } from '../../shared-dto/date-time.field';

export class TokenParam {
  @TextField({
    min: 1,
    max: 128,
    description: 'The scheduling token of the invitation link (the last segment of its URL)',
    example: 'Jq2x7VbN4kLp9sRt0wYz3cFh6mDe8aGu1iOv5nHs2Qk',
  })
  token!: string;
}

/** An optional window of days in the project's time zone; without it, every bookable slot (as the spec has it). */
export class SlotsQuery {
  @DayField({ optional: true, description: "Only slots starting on or after this day, in the project's time zone", example: '2026-12-01' })
  from?: string;
  @DayField({ optional: true, description: "Only slots starting on or before this day, in the project's time zone", example: '2026-12-07' })
  to?: string;
}

@ApiSchema({ description: 'One chosen slot, copied from the slots list (slotId, interviewerId, startAt, endAt; no interviewerName)' })
export class SubmittedSlot {
  @TextField({ min: 1, max: 64, description: 'A slotId from GET /{token}/slots', example: 'Xq3vN8kLm2PzR7tYw0aBcD' }) slotId!: string;
  @IntField({ min: 1, max: 2_147_483_647, description: "The slot's interviewer, as the slots list gives it", example: 7 })
  interviewerId!: number;
  @DateTimeField({
    description: "The slot's start, ISO 8601 with an offset; any offset naming the same instant is accepted",
    example: '2026-12-01T10:00:00+09:00',
  })
  startAt!: string;
  @DateTimeField({
    description: "The slot's end, ISO 8601 with an offset; any offset naming the same instant is accepted",
    example: '2026-12-01T11:00:00+09:00',
  })
  endAt!: string;
}

@ApiSchema({ description: "The candidate's preferred slots: they replace the ones submitted before" })
export class SubmitAvailabilityDto {
  @NestedArrayField(() => SubmittedSlot, { minItems: 1, maxItems: 20, description: 'One to twenty current slots, each once' })
  slots!: SubmittedSlot[];
}

export interface PublicReservation {
  scheduledAt: string;
  durationMinutes: number;
  interviewType: string;
  meetingUrl: string | null;
  status: string;
}
