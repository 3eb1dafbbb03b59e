import { renderArticleHtml, screenDraft } from './article-html';

describe('article HTML', () => {
  it('renders a lead, then an h2 and paragraphs per section, escaping the text', () => {
    const html = renderArticleHtml({
      lead: 'A <b>won</b> & more',
      sections: [{ heading: 'Result', paragraphs: ['1st A', '2nd "B"'] }],
    });
    expect(html).toBe('<p class="lead">A &lt;b&gt;won&lt;/b&gt; &amp; more</p><h2>Result</h2><p>1st A</p><p>2nd "B"</p>');
  });

  it('masks NG words in the lead, headings and paragraphs', () => {
    expect(screenDraft({ lead: 'bad lead', sections: [{ heading: 'bad', paragraphs: ['so bad'] }] }, ['bad'])).toEqual({
      lead: '＊＊＊ lead',
      sections: [{ heading: '＊＊＊', paragraphs: ['so ＊＊＊'] }],
    });
  });
});
