import { EnumField, IntField, TextField } from '@platform/contracts';
import { INTERVIEW_TYPES } from '../../core/dto/candidate-person.response';
import { DayField } from '../../core/dto/date-time.field';
import { RESERVATION_SORTS, type ReservationSort } from '../../core/reservations.repository';

export const RESERVATION_STATUSES = ['confirmed', 'cancelled'] as const;

const ID = { min: 1, max: 2_147_483_647, fromText: true };

export class ReservationParams {
  @IntField(ID) projectId!: number;
  @IntField(ID) reservationId!: number;
}

export class ListReservationsQuery {
  @IntField({ optional: true, min: 1, max: 1_000_000, default: 1, fromText: true }) page = 1;
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true }) limit = 20;
  @EnumField(RESERVATION_SORTS, { optional: true, description: 'Default scheduledAt (soonest first); id breaks ties' })
  sort?: ReservationSort;
  @EnumField(RESERVATION_STATUSES, { optional: true }) status?: (typeof RESERVATION_STATUSES)[number];
  @DayField({ optional: true, description: "Scheduled on or after this day, in the project's time zone" }) startDate?: string;
  @DayField({ optional: true, description: "Scheduled on or before this day, in the project's time zone" }) endDate?: string;
}

export class ConfirmScheduleDto {
  @IntField({ min: 1, max: 2_147_483_647, description: "The id of one entry of the candidate's availableDates" })
  availableDateId!: number;
  @EnumField(INTERVIEW_TYPES, { optional: true, description: 'Default online_meet' }) interviewType?: (typeof INTERVIEW_TYPES)[number];
  @TextField({ optional: true, nullable: true, max: 2048, pattern: /^https?:\/\/\S+$/, patternMessage: 'must be an http(s) URL' })
  meetingUrl?: string | null;
}
