import { cutSlots, sameSlots, slotIdOf } from './slots';

const at = (iso: string) => new Date(iso);
const w = (interviewerId: number, start: string, end: string) => ({
  interviewerId,
  interviewerName: `I${interviewerId}`,
  startAt: at(start),
  endAt: at(end),
});
const starts = (slots: Array<{ startAt: Date; interviewerId: number }>) =>
  slots.map((s) => `${s.interviewerId}@${s.startAt.toISOString().slice(11, 16)}`);
const NOW = at('2027-01-01T00:00:00Z');

describe('slots', () => {
  it('cuts a window into consecutive pieces from its start and drops a shorter rest', () => {
    const slots = cutSlots([w(1, '2027-01-10T01:00:00Z', '2027-01-10T03:30:00Z')], 60, [], NOW);
    expect(starts(slots)).toEqual(['1@01:00', '1@02:00']);
    expect(slots[0].endAt.toISOString()).toBe('2027-01-10T02:00:00.000Z');
  });

  it('leaves out pieces overlapping a busy range of the same interviewer only', () => {
    const busy = [{ interviewerId: 1, startAt: at('2027-01-10T01:30:00Z'), endAt: at('2027-01-10T02:00:00Z') }];
    const slots = cutSlots(
      [w(1, '2027-01-10T01:00:00Z', '2027-01-10T03:00:00Z'), w(2, '2027-01-10T01:00:00Z', '2027-01-10T02:00:00Z')],
      30,
      busy,
      NOW,
    );
    expect(starts(slots)).toEqual(['1@01:00', '2@01:00', '2@01:30', '1@02:00', '1@02:30']);
  });

  it('touching ranges do not overlap', () => {
    const busy = [{ interviewerId: 1, startAt: at('2027-01-10T00:00:00Z'), endAt: at('2027-01-10T01:00:00Z') }];
    expect(starts(cutSlots([w(1, '2027-01-10T01:00:00Z', '2027-01-10T02:00:00Z')], 60, busy, NOW))).toEqual(['1@01:00']);
  });

  it('keeps future slots only and orders by start then interviewer, once per interviewer and start', () => {
    const now = at('2027-01-10T01:30:00Z');
    const slots = cutSlots(
      [
        w(2, '2027-01-10T01:00:00Z', '2027-01-10T04:00:00Z'),
        w(1, '2027-01-10T02:00:00Z', '2027-01-10T03:00:00Z'),
        w(2, '2027-01-10T02:00:00Z', '2027-01-10T03:00:00Z'),
      ],
      60,
      [],
      now,
    );
    expect(starts(slots)).toEqual(['1@02:00', '2@02:00', '2@03:00']);
  });

  it('gives stable, opaque slot ids', () => {
    const a = slotIdOf('k', 7, at('2027-01-10T01:00:00Z'));
    expect(a).toBe(slotIdOf('k', 7, at('2027-01-10T01:00:00.000Z')));
    expect(a).not.toBe(slotIdOf('k', 8, at('2027-01-10T01:00:00Z')));
    expect(a).not.toBe(slotIdOf('other', 7, at('2027-01-10T01:00:00Z')));
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('sameSlots', () => {
  const slot = (interviewerId: number, hour: number, name = 'Alice') => ({
    interviewerId,
    interviewerName: name,
    startAt: new Date(Date.UTC(2030, 0, 7, hour)),
    endAt: new Date(Date.UTC(2030, 0, 7, hour + 1)),
  });

  it('holds for equal lists computed apart, and fails on any difference of count, order, interviewer, name or time', () => {
    expect(sameSlots([slot(1, 9), slot(2, 9)], [slot(1, 9), slot(2, 9)])).toBe(true);
    expect(sameSlots([], [])).toBe(true);
    expect(sameSlots([slot(1, 9)], [slot(1, 9), slot(1, 10)])).toBe(false);
    expect(sameSlots([slot(1, 9), slot(2, 9)], [slot(2, 9), slot(1, 9)])).toBe(false);
    expect(sameSlots([slot(1, 9)], [slot(2, 9)])).toBe(false);
    expect(sameSlots([slot(1, 9)], [slot(1, 9, 'Alice B.')])).toBe(false);
    expect(sameSlots([slot(1, 9)], [slot(1, 10)])).toBe(false);
    expect(sameSlots([slot(1, 9)], [{ ...slot(1, 9), endAt: new Date(Date.UTC(2030, 0, 7, 11)) }])).toBe(false);
  });
});
