import { embeddingTextOf, htmlText } from './embedding-text';

describe('embedding text', () => {
  it('keeps the text of a body without its tags, blocks on their own lines, entities decoded', () => {
    expect(htmlText('<h2>天皇賞&amp;回顧</h2><p>ハヤテが<strong>勝利</strong>。<br>次走へ</p><script>x()</script><img src="a.png">')).toBe(
      '天皇賞&回顧\nハヤテが勝利。\n次走へ',
    );
  });

  it('joins category, title and body text', () => {
    expect(embeddingTextOf({ category: 'レース結果・回顧', name: '天皇賞', bodyHtml: '<p>本文</p>' })).toBe(
      'レース結果・回顧\n天皇賞\n本文',
    );
    expect(embeddingTextOf({ category: null, name: '天皇賞', bodyHtml: '' })).toBe('天皇賞');
  });
});
