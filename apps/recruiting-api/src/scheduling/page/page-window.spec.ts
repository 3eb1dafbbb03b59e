import { RecruitingError } from '../../recruiting.errors';
import { pageWindow } from './page-window';

const at = (iso: string) => ({ startAt: new Date(iso) });
const TOKYO = 'Asia/Tokyo';
const now = new Date('2027-01-01T00:00:00Z');

describe('pageWindow', () => {
  // Tokyo days: 01-04, 01-05, 01-12 (an empty week between), 01-20 (23:30 UTC on the 19th is the 20th in Tokyo).
  const slots = [at('2027-01-04T01:00:00Z'), at('2027-01-05T01:00:00Z'), at('2027-01-12T01:00:00Z'), at('2027-01-19T23:30:00Z')];

  it('shows the week from the first slot by default, with a link to the next week that has slots', () => {
    const page = pageWindow(slots, TOKYO, {}, now);
    expect(page.range).toEqual({ from: '2027-01-04', to: '2027-01-10' });
    expect(page.window).toEqual({ from: new Date('2027-01-03T15:00:00Z'), before: new Date('2027-01-10T15:00:00Z') });
    expect(page.previous).toBeUndefined();
    expect(page.next).toEqual({ from: '2027-01-12', to: '2027-01-18' });
  });

  it('links back to the week ending on the last earlier slot, and on to the next, skipping empty weeks', () => {
    const page = pageWindow(slots, TOKYO, { from: '2027-01-12', to: '2027-01-18' }, now);
    expect(page.previous).toEqual({ from: '2026-12-30', to: '2027-01-05' });
    expect(page.next).toEqual({ from: '2027-01-20', to: '2027-01-26' });
    expect(pageWindow(slots, TOKYO, page.next!, now).next).toBeUndefined();
  });

  it('keeps a window open at one end as asked, and starts at today without slots', () => {
    expect(pageWindow(slots, TOKYO, { from: '2027-01-05' }, now)).toMatchObject({ range: { from: '2027-01-05' }, next: undefined });
    expect(pageWindow(slots, TOKYO, { from: '2027-01-05' }, now).previous).toEqual({ from: '2026-12-29', to: '2027-01-04' });
    expect(pageWindow([], TOKYO, {}, now)).toEqual({
      range: { from: '2027-01-01', to: '2027-01-07' },
      window: { from: new Date('2026-12-31T15:00:00Z'), before: new Date('2027-01-07T15:00:00Z') },
      previous: undefined,
      next: undefined,
    });
  });

  it('refuses a malformed window as the slots route does', () => {
    expect(() => pageWindow(slots, TOKYO, { from: '2027-01-05', to: '2027-01-04' }, now)).toThrow(RecruitingError);
    expect(() => pageWindow(slots, TOKYO, { from: '2027-02-30' }, now)).toThrow(RecruitingError);
  });
});
