import { type AvailabilityRow } from '../database/repositories/availability.repository';
import { type AvailabilityResponse } from './dto/availability.response';

export const toAvailability = (row: AvailabilityRow): AvailabilityResponse => ({
  ...row,
  startAt: row.startAt.toISOString(),
  endAt: row.endAt.toISOString(),
});
