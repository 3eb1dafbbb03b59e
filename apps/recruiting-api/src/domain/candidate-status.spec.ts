import { CANDIDATE_STATUSES, canTransition, STATUS_TRANSITIONS } from './candidate-status';

describe('candidate status transitions', () => {
  it('has ten statuses, the six the spec names among them', () => {
    expect(CANDIDATE_STATUSES).toHaveLength(10);
    expect(CANDIDATE_STATUSES).toEqual(
      expect.arrayContaining(['contacted', 'waiting_response', 'scheduling', 'scheduled', 'interviewed', 'cancelled']),
    );
  });

  it('allows the documented moves: slots submitted, reservation cancelled, invitation sent', () => {
    for (const from of ['contacted', 'waiting_response'] as const) expect(canTransition(from, 'scheduling')).toBe(true);
    for (const from of ['scheduled', 'interviewed'] as const) expect(canTransition(from, 'cancelled')).toBe(true);
    expect(canTransition('pending', 'contacted')).toBe(true);
    expect(canTransition('scheduling', 'scheduled')).toBe(true);
  });

  it('lets a cancelled interview be booked again', () => {
    expect(canTransition('cancelled', 'scheduled')).toBe(true);
  });

  it('refuses staying put, leaving completed, and skipping the interview', () => {
    for (const status of CANDIDATE_STATUSES) expect(canTransition(status, status)).toBe(false);
    for (const to of CANDIDATE_STATUSES) expect(canTransition('completed', to)).toBe(false);
    expect(canTransition('pending', 'interviewed')).toBe(false);
    expect(canTransition('pending', 'completed')).toBe(false);
    expect(canTransition('contacted', 'completed')).toBe(false);
    expect(canTransition('interviewed', 'scheduled')).toBe(false);
  });

  it('only names known statuses, and every status except completed can be left', () => {
    for (const [from, targets] of Object.entries(STATUS_TRANSITIONS)) {
      for (const to of targets) expect(CANDIDATE_STATUSES).toContain(to);
      if (from !== 'completed') expect(targets.length).toBeGreaterThan(0);
    }
  });
});
