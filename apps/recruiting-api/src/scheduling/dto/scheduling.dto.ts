import { IntField, NestedArrayField, TextField } from '@platform/contracts';
import { DateTimeField, DayField } from '../../core/dto/date-time.field';

export class TokenParam {
  @TextField({ min: 1, max: 128, description: 'The scheduling token of the invitation link' }) token!: string;
}

/** An optional window of days in the project's time zone; without it, every bookable slot (as the spec has it). */
export class SlotsQuery {
  @DayField({ optional: true, description: "Only slots starting on or after this day, in the project's time zone" }) from?: string;
  @DayField({ optional: true, description: "Only slots starting on or before this day, in the project's time zone" }) to?: string;
}

export class SubmittedSlot {
  @TextField({ min: 1, max: 64, description: 'A slotId from GET /{token}/slots' }) slotId!: string;
  @IntField({ min: 1, max: 2_147_483_647 }) interviewerId!: number;
  @DateTimeField() startAt!: string;
  @DateTimeField() endAt!: string;
}

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
