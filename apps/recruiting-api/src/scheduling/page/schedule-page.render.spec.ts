import { renderSchedulePage } from './schedule-page.render';

const slot = (id: string, start: string, minutes = 60) => ({
  slotId: id,
  interviewerId: 3,
  interviewerName: '面接 <アリス>',
  startAt: new Date(start),
  endAt: new Date(new Date(start).getTime() + minutes * 60_000),
});

describe('the scheduling page', () => {
  it('groups slots by day in the project time zone, labelled and escaped, pre-checking earlier choices', () => {
    const html = renderSchedulePage(
      {
        kind: 'open',
        token: 'tok',
        projectName: '調査 <b>',
        candidateName: '山田',
        durationMinutes: 60,
        timezone: 'Asia/Tokyo',
        slots: [slot('a', '2027-01-10T14:00:00Z'), slot('b', '2027-01-10T15:00:00Z')],
        chosen: new Set(['b']),
        keptElsewhere: [],
        days: { from: '2027-01-10', to: '2027-01-16' },
      },
      'n1',
    );
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('調査 &lt;b&gt;');
    expect(html).toContain('<legend>2027年1月10日(日)</legend>');
    expect(html).toContain('<legend>2027年1月11日(月)</legend>');
    expect(html).toContain('23:00〜00:00');
    expect(html).toMatch(/<label class="slot" for="slot-1-0"><input type="checkbox" id="slot-1-0" name="slot" value="b"[^>]* checked>/);
    expect(html).toContain('面接 &lt;アリス&gt;');
    expect(html).toContain('<form id="slots-form" method="post" action="/schedule/tok"');
    expect(html).toContain('<script nonce="n1">');
    expect(html).toContain('2027年1月10日(日)〜1月16日(土)の日時です');
    expect(html).not.toContain('<nav');
  });

  it('links to the weeks before and after, and carries earlier choices outside the shown days in the form', () => {
    const html = renderSchedulePage(
      {
        kind: 'open',
        token: 't/k',
        projectName: '調査',
        candidateName: null,
        durationMinutes: 60,
        timezone: 'Asia/Tokyo',
        slots: [slot('a', '2027-01-10T01:00:00Z')],
        chosen: new Set(['z']),
        keptElsewhere: [slot('z', '2027-01-20T01:00:00Z')],
        days: { from: '2027-01-10', to: '2027-01-16' },
        previous: { from: '2026-12-28', to: '2027-01-03' },
        next: { from: '2027-01-20', to: '2027-01-26' },
      },
      'n1',
    );
    expect(html).toContain('<a rel="prev" href="/schedule/t%2Fk?from=2026-12-28&amp;to=2027-01-03">');
    expect(html).toContain('<a rel="next" href="/schedule/t%2Fk?from=2027-01-20&amp;to=2027-01-26">');
    expect(html).toMatch(
      /<form [^>]*>[\s\S]*<input type="hidden" name="slot" value="z" data-interviewer-id="3" data-start="2027-01-20T01:00:00.000Z"[\s\S]*<\/form>/,
    );
    expect(html).toContain('表示中の期間のほかに選択済みの日時: 1件');
    // A week without slots between others says so and keeps its links.
    const empty = renderSchedulePage(
      {
        kind: 'open',
        token: 'tok',
        projectName: '調査',
        candidateName: null,
        durationMinutes: 60,
        timezone: 'Asia/Tokyo',
        slots: [],
        chosen: new Set(),
        keptElsewhere: [],
        days: { from: '2027-01-10', to: '2027-01-16' },
        next: { from: '2027-01-20', to: '2027-01-26' },
      },
      'n1',
    );
    expect(empty).toContain('2027年1月10日(日)〜1月16日(土)にはお選びいただける日時がありません');
    expect(empty).toContain('rel="next"');
    expect(empty).not.toContain('<form');
  });

  it('shows errors with their machine code, and a confirmed reservation', () => {
    expect(renderSchedulePage({ kind: 'error', code: 'NOT_FOUND', title: '無効なリンク', message: 'x' }, 'n')).toContain(
      '<main data-error-code="NOT_FOUND">',
    );
    const html = renderSchedulePage(
      {
        kind: 'scheduled',
        projectName: 'P',
        candidateName: null,
        timezone: 'Asia/Tokyo',
        reservation: { scheduledAt: new Date('2027-01-10T01:00:00Z'), durationMinutes: 45, interviewType: 'offline', meetingUrl: null },
      },
      'n',
    );
    expect(html).toContain('2027年1月10日(日) 10:00〜10:45');
    expect(html).toContain('対面');
    expect(html).not.toContain('<form');
  });
});
