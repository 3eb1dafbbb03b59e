import { type IdentifiedSlot } from '../slots/bookable-slots.service';
import { type PublicSlot } from './dto/scheduling.response';

export const toPublicSlot = (s: IdentifiedSlot): PublicSlot => ({
  slotId: s.slotId,
  interviewerId: s.interviewerId,
  interviewerName: s.interviewerName,
  startAt: s.startAt.toISOString(),
  endAt: s.endAt.toISOString(),
});
