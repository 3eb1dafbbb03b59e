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

  it('makes relative image addresses absolute against a base page', () => {
    const html =
      '<p><img src="/img/a.png"><img src="b.jpg?x=1&amp;y=2"><img src="//cdn.example.jp/c.png"><img src="https://x.jp/d.png"></p>';
    expect(sanitizeBodyHtml(html, { baseUrl: 'https://old.example.jp/blog/2024/10/entry.html' })).toBe(
      '<p><img src="https://old.example.jp/img/a.png" /><img src="https://old.example.jp/blog/2024/10/b.jpg?x=1&amp;y=2" />' +
        '<img src="https://cdn.example.jp/c.png" /><img src="https://x.jp/d.png" /></p>',
    );
    expect(sanitizeBodyHtml('<img src="a.png">', { baseUrl: 'javascript:alert(1)' })).toBe('<img src="a.png" />');
    expect(sanitizeBodyHtml('<img src="a.png">', { baseUrl: null })).toBe('<img src="a.png" />');
  });

  it('escapes text written into HTML', () => {
    expect(escapeHtml('<b>&"\'')).toBe('&lt;b&gt;&amp;&quot;&#39;');
  });
});
