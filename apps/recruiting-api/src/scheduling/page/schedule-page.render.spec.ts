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
