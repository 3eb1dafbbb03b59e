import { RecruitingError } from '../recruiting.errors';
import { dayWindow } from './day-window';

describe('dayWindow', () => {
  it("reads days in the project's time zone, the last one whole", () => {
    expect(dayWindow(['from', '2030-01-07'], ['to', '2030-01-08'], 'Asia/Tokyo')).toEqual({
      from: new Date('2030-01-06T15:00:00Z'),
      before: new Date('2030-01-08T15:00:00Z'),
    });
  });

  it('leaves out the ends not given', () => {
    expect(dayWindow(['from'], ['to'], 'UTC')).toEqual({ from: undefined, before: undefined });
    expect(dayWindow(['from'], ['to', '2030-01-07'], 'UTC')).toEqual({ from: undefined, before: new Date('2030-01-08T00:00:00Z') });
  });

  it('takes one day as a window', () => {
    const { from, before } = dayWindow(['from', '2030-03-31'], ['to', '2030-03-31'], 'Europe/Berlin');
    expect(before!.getTime() - from!.getTime()).toBe(23 * 3_600_000); // the clocks go forward that night
  });

  it.each([
    ['2030-02-30', '2030-03-01', 'from is not a real day'],
    ['2030-03-01', '2030-13-01', 'to is not a real day'],
    ['2030-03-02', '2030-03-01', 'from must not be after to'],
  ])('refuses %s..%s: %s', (from, to, message) => {
    const refuse = () => dayWindow(['from', from], ['to', to], 'UTC');
    expect(refuse).toThrow(RecruitingError);
    expect(refuse).toThrow(message);
  });
});
