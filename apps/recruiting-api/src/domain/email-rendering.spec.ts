import { cpuMsOf } from '@platform/testing/harness';

import { formatScheduledAt, looksLikeHtml, renderEmail, withSchedulingUrl } from './email-rendering';

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
  });

  it('appends the scheduling URL to a body without it', () => {
    expect(withSchedulingUrl({ subject: 's', body: 'b' }).body).toBe('b\n\n{{scheduling_url}}');
    expect(withSchedulingUrl({ subject: 's', body: '<p>b</p>' }).body).toContain('<a href="{{scheduling_url}}">');
    expect(withSchedulingUrl({ subject: 's', body: 'x {{scheduling_url}}' }).body).toBe('x {{scheduling_url}}');
  });

  it('reads placeholders exactly as before, on every text of up to five pieces of braces, spaces and names', () => {
    // The former pattern, kept as the reference: cubic, but harmless on these texts of at most a few dozen characters.
    // eslint-disable-next-line regexp/no-super-linear-backtracking -- reference only, applied to short constant texts
    const REFERENCE = /\{\{\s*([^{}]*?)\s*\}\}/g;
    const pieces = ['{', '}', ' ', '\n', 'x', 'scheduling_url'];
    const values = { scheduling_url: 'https://x/schedule/t' };
    const differences: string[] = [];
    let texts = [''];
    for (let length = 1; length <= 5; length++) {
      texts = texts.flatMap((text) => pieces.map((piece) => text + piece));
      for (const body of texts) {
        const found = [...body.matchAll(REFERENCE)];
        const expected = {
          linked: found.some(([, name]) => name === 'scheduling_url'),
          text: body.replace(REFERENCE, (whole, name: string) => (name === 'scheduling_url' ? values.scheduling_url : whole)),
          warnings: [
            ...new Set(
              found.filter(([, name]) => name !== 'scheduling_url').map(([whole]) => `Unknown placeholder ${whole} was left as it is`),
            ),
          ],
        };
        const rendered = renderEmail({ subject: body, body }, values);
        const actual = {
          linked: withSchedulingUrl({ subject: 's', body }).body === body,
          text: rendered.body === rendered.subject ? rendered.body : `subject ${rendered.subject} differs from body ${rendered.body}`,
          warnings: rendered.warnings,
        };
        if (JSON.stringify(actual) !== JSON.stringify(expected)) differences.push(JSON.stringify({ body, actual, expected }));
      }
    }
    expect(texts).toHaveLength(6 ** 5);
    expect(differences).toEqual([]);
  });

  describe('takes time linear in the text (a member writes the template, a preview renders it)', () => {
    const BODY_MAX = 100_000; // CreateTemplateDto.body
    /** Renders a template the way a preview of an invitation does, and answers the CPU time it took. */
    const renderTime = async (body: string) => {
      const { cpuMs, result } = await cpuMsOf(() =>
        renderEmail(withSchedulingUrl({ subject: body.slice(0, 500), body }), { scheduling_url: 'https://x/schedule/t' }),
      );
      return { ms: cpuMs, out: result };
    };
    const fill = (unit: string, length = BODY_MAX) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

    it('renders `{{` and 20,000 spaces in well under 50 ms, the text kept and the link added', async () => {
      const body = `{{${' '.repeat(20_000)}`;
      const { ms, out } = await renderTime(body);
      expect(out.body).toBe(`${body}\n\nhttps://x/schedule/t`);
      expect(out.warnings).toEqual([]);
      expect(ms).toBeLessThan(50);
    });

    it.each([
      ['`{{` and spaces', `{{${' '.repeat(BODY_MAX - 2)}`],
      ['`{{` and line breaks and tabs', `{{${fill('\n\t ', BODY_MAX - 2)}`],
      ['repeated `{{ `', fill('{{ ')],
      ['repeated `{{ x `', fill('{{ x ')],
      ['open braces', fill('{')],
      ['close braces', fill('}')],
      ['`{{` then spaces and one close brace', `{{${' '.repeat(BODY_MAX - 3)}}`],
      ['spaces, then `}}`', `${' '.repeat(BODY_MAX - 2)}}}`],
      ['unknown placeholders wide apart', fill(`{{ ${' '.repeat(500)}nick${' '.repeat(500)} }}`)],
      ['known placeholders back to back', fill('{{ scheduling_url }}')],
      ['HTML tag openings without an end', fill('<p ')],
    ])('renders a body of %s at the maximum length (100,000 characters) in well under 50 ms', async (_, body) => {
      expect(body).toHaveLength(BODY_MAX);
      expect((await renderTime(body)).ms).toBeLessThan(50);
    });
  });

  it('formats a time in the project time zone, in Japanese', () => {
    expect(formatScheduledAt(new Date('2026-12-01T01:00:00Z'), 'Asia/Tokyo')).toBe('2026年12月1日(火) 10:00');
    expect(formatScheduledAt(new Date('2026-12-01T01:00:00Z'), 'Europe/Berlin')).toBe('2026年12月1日(火) 02:00');
  });
});
