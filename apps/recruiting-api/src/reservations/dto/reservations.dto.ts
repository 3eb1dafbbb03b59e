import { ApiSchema } from '@nestjs/swagger';
import { EnumField, IntField, TextField } from '@platform/contracts';
import { INTERVIEW_TYPE_TEXT, INTERVIEW_TYPES } from '../../shared-dto/candidate-person.response';
import { DayField } from '../../shared-dto/date-time.field';
import { RESERVATION_SORTS, type ReservationSort } from '../../database/repositories/reservations.repository';

export const RESERVATION_STATUSES = ['confirmed', 'cancelled'] as const;

/** What each interview type means, for the fields that carry one. */
const ID = { min: 1, max: 2_147_483_647, fromText: true };

export class ReservationParams {
  @IntField({ ...ID, description: 'The project id', example: 12 }) projectId!: number;
  @IntField({ ...ID, description: 'The reservation id', example: 58 }) reservationId!: number;
}

export class ListReservationsQuery {
  @IntField({ optional: true, min: 1, max: 1_000_000, default: 1, fromText: true, description: 'Page number, from 1' }) page = 1;
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true, description: 'Reservations per page' }) limit = 20;
  @EnumField(RESERVATION_SORTS, { optional: true, description: 'Default scheduledAt (soonest first); id breaks ties' })
  sort?: ReservationSort;
  @EnumField(RESERVATION_STATUSES, { optional: true, description: 'Only reservations with this status; absent: both' })
  status?: (typeof RESERVATION_STATUSES)[number];
  @DayField({ optional: true, description: "Scheduled on or after this day, in the project's time zone", example: '2026-12-01' })
  startDate?: string;
  @DayField({ optional: true, description: "Scheduled on or before this day, in the project's time zone", example: '2026-12-31' })
  endDate?: string;
}

@ApiSchema({ description: "Books one of the candidate's submitted preferred slots as the interview" })
export class ConfirmScheduleDto {
  @IntField({ min: 1, max: 2_147_483_647, description: "The id of one entry of the candidate's availableDates", example: 901 })
  availableDateId!: number;
  @EnumField(INTERVIEW_TYPES, { optional: true, description: `${INTERVIEW_TYPE_TEXT}. Default online_meet` })
  interviewType?: (typeof INTERVIEW_TYPES)[number];
  @TextField({
    optional: true,
    nullable: true,
    max: 2048,
    pattern: /^https?:\/\/\S+$/,
    patternMessage: 'must be an http(s) URL',
    description: 'URL of the online meeting, http(s); null or absent: none',
    example: 'https://meet.example.com/abc-defg',
  })
  meetingUrl?: string | null;
}
