import { escapeHtml, formatScheduledAt, looksLikeHtml, renderEmail, withSchedulingUrl } from './email-rendering';

describe('email rendering', () => {
  it('replaces the known placeholders in subject and plain-text body', () => {
    const out = renderEmail(
      { subject: '【{{project_name}}】ご案内', body: '{{candidate_name}} 様\n{{ scheduling_url }}\n{{interview_duration_minutes}}分' },
      { project_name: '秋調査', candidate_name: '山田 花子', scheduling_url: 'https://x/schedule/abc', interview_duration_minutes: '60' },
    );
    expect(out).toEqual({ subject: '【秋調査】ご案内', body: '山田 花子 様\nhttps://x/schedule/abc\n60分', html: false, warnings: [] });
  });

  it('escapes values in an HTML body but not in a plain one, and never in the subject', () => {
    const values = { candidate_name: '<b>"Tom" & Jerry\'s</b>', project_name: 'a<b' };
    const html = renderEmail({ subject: '{{project_name}}', body: '<p>{{candidate_name}} 様</p>' }, values);
    expect(html.html).toBe(true);
    expect(html.body).toBe('<p>&lt;b&gt;&quot;Tom&quot; &amp; Jerry&#39;s&lt;/b&gt; 様</p>');
    expect(html.subject).toBe('a<b');
    expect(renderEmail({ subject: 's', body: '{{candidate_name}}' }, values).body).toBe(values.candidate_name);
  });

  it('keeps an unknown placeholder visible and warns, once per placeholder', () => {
    const out = renderEmail({ subject: '{{nickname}}', body: 'Hi {{nickname}} {{candidate_name}}' }, { candidate_name: 'A' });
    expect(out.subject).toBe('{{nickname}}');
    expect(out.body).toBe('Hi {{nickname}} A');
    expect(out.warnings).toEqual(['Unknown placeholder {{nickname}} was left as it is']);
  });

  it('renders a known placeholder without a value empty, with a warning', () => {
    const out = renderEmail({ subject: 's', body: '日時: {{scheduled_at}}' }, {});
    expect(out.body).toBe('日時: ');
    expect(out.warnings).toEqual(['{{scheduled_at}} has no value for this candidate and was left empty']);
  });

  it('removes line breaks from values in the subject (no header injection)', () => {
    expect(renderEmail({ subject: '{{candidate_name}}', body: 'b' }, { candidate_name: 'a\r\nBcc: x@y' }).subject).toBe('a Bcc: x@y');
  });

  it('tells HTML from text', () => {
    expect(looksLikeHtml('<p>hello</p>')).toBe(true);
    expect(looksLikeHtml('a <br/> b')).toBe(true);
    expect(looksLikeHtml('1 < 2 and 3 > 2')).toBe(false);
    expect(looksLikeHtml('<お名前>')).toBe(false);
    expect(escapeHtml('<&>')).toBe('&lt;&amp;&gt;');
  });

  it('appends the scheduling URL to a body without it', () => {
    expect(withSchedulingUrl({ subject: 's', body: 'b' }).body).toBe('b\n\n{{scheduling_url}}');
    expect(withSchedulingUrl({ subject: 's', body: '<p>b</p>' }).body).toContain('<a href="{{scheduling_url}}">');
    expect(withSchedulingUrl({ subject: 's', body: 'x {{scheduling_url}}' }).body).toBe('x {{scheduling_url}}');
  });

  it('formats a time in the project time zone, in Japanese', () => {
    expect(formatScheduledAt(new Date('2026-12-01T01:00:00Z'), 'Asia/Tokyo')).toBe('2026年12月1日(火) 10:00');
    expect(formatScheduledAt(new Date('2026-12-01T01:00:00Z'), 'Europe/Berlin')).toBe('2026年12月1日(火) 02:00');
  });
});
