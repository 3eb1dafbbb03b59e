import { placeThumbnail } from './thumbnail-placement';

describe('placeThumbnail', () => {
  const img = (src: string) => `<img class="nb-thumbnail" src="${src}" alt="天皇賞" />`;

  it('goes right below the 10-second summary section, nested sections included', () => {
    const body = '<h2>題</h2><section class="nb-summary"><h3>要約</h3><section><p>a</p></section></section><h3>結果</h3>';
    expect(placeThumbnail(body, 'https://cdn/x.png', '天皇賞')).toBe(
      `<h2>題</h2><section class="nb-summary"><h3>要約</h3><section><p>a</p></section></section>${img('https://cdn/x.png')}<h3>結果</h3>`,
    );
  });

  it('goes after the h2 without a summary, at the top without an h2', () => {
    expect(placeThumbnail('<h2 class="t">題</h2><p>本文</p>', 'u', '天皇賞')).toBe(`<h2 class="t">題</h2>${img('u')}<p>本文</p>`);
    expect(placeThumbnail('<p>本文</p>', 'u', '天皇賞')).toBe(`${img('u')}<p>本文</p>`);
  });

  it('replaces an earlier thumbnail instead of stacking, and escapes the address', () => {
    const once = placeThumbnail('<h2>題</h2><p>本文</p>', 'https://cdn/1.png', '天皇賞');
    const twice = placeThumbnail(once, 'https://cdn/2.png?v=1&x="', '天皇賞');
    expect(twice).toBe(`<h2>題</h2>${img('https://cdn/2.png?v=1&amp;x=&quot;')}<p>本文</p>`);
  });
});
