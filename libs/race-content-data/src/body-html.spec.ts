import { escapeHtml, sanitizeBodyHtml } from './body-html';

describe('body HTML', () => {
  it('keeps structure, links and images', () => {
    const html = '<h2>Title</h2><p>Text <a href="https://x.jp/a">link</a></p><img class="nb-thumbnail" src="https://x.jp/t.png" alt="t">';
    expect(sanitizeBodyHtml(html)).toBe(html.replace('alt="t">', 'alt="t" />'));
  });

  it('drops scripts, handlers and javascript: links', () => {
    const cleaned = sanitizeBodyHtml(
      '<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a><iframe src="x"></iframe>',
    );
    expect(cleaned).toBe('<p>a</p><a>b</a>');
  });

  it('escapes text written into HTML', () => {
    expect(escapeHtml('<b>&"\'')).toBe('&lt;b&gt;&amp;&quot;&#39;');
  });
});
