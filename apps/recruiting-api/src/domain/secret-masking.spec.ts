import { randomBytes } from 'node:crypto';
import { renderEmail, withSchedulingUrl } from './email-rendering';
import { maskedForLog, maskSecrets, SECRET_MARKER } from './secret-masking';

/** A value shaped like a scheduling token (32 random bytes, base64url). */
const newSchedulingToken = () => randomBytes(32).toString('base64url');

describe('secret masking', () => {
  const token = newSchedulingToken();

  it('masks the token wherever a template put it: link, subject, plain text and HTML attribute', () => {
    const template = withSchedulingUrl({
      subject: '{{candidate_name}} {{scheduling_url}}',
      body: '<p>{{candidate_name}}</p><p>コード: <code>{{scheduling_url}}</code></p>',
    });
    const rendered = renderEmail(template, { candidate_name: 'A', scheduling_url: `https://jobs.example.com/schedule/${token}` });
    expect(`${rendered.subject}${rendered.body}`).toContain(token);
    const logged = maskedForLog(rendered, [token]);
    expect(`${logged.subject}${logged.body}`).not.toContain(token);
    expect(logged.subject).toBe(`A https://jobs.example.com/schedule/${SECRET_MARKER}`);
    expect(logged.body).toBe(`<p>A</p><p>コード: <code>https://jobs.example.com/schedule/${SECRET_MARKER}</code></p>`);
    expect(logged.html).toBe(true);
  });

  it('masks the HTML-escaped and the percent-encoded spelling of a secret', () => {
    const secret = 'a&b<c>"d\' e/f';
    const text = `plain ${secret} html ${'a&amp;b&lt;c&gt;&quot;d&#39; e/f'} url ${encodeURIComponent(secret)}`;
    expect(maskSecrets(text, [secret])).toBe(`plain ${SECRET_MARKER} html ${SECRET_MARKER} url ${SECRET_MARKER}`);
  });

  it('masks every occurrence of every secret and leaves other text alone', () => {
    const other = newSchedulingToken();
    const text = `${token}|${token}\n${other} ${token.slice(0, 20)}`;
    expect(maskSecrets(text, [token, other])).toBe(`${SECRET_MARKER}|${SECRET_MARKER}\n${SECRET_MARKER} ${token.slice(0, 20)}`);
  });

  it('changes nothing without secrets, and ignores an empty one', () => {
    const mail = { subject: 's', body: 'b', html: false };
    expect(maskedForLog(mail, [])).toBe(mail);
    expect(maskSecrets('text', [''])).toBe('text');
  });

  it('takes linear time on a long body', () => {
    const body = `${'x'.repeat(1_000_000)}${token}`;
    const started = process.hrtime.bigint();
    expect(maskSecrets(body, [token]).endsWith(SECRET_MARKER)).toBe(true);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(500);
  });
});
