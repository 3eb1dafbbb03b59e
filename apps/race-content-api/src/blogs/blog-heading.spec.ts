import { withHeading } from './blog-heading';

describe('withHeading', () => {
  it('rewrites the text of the first h2 only, keeping its attributes', () => {
    expect(withHeading('<h2 class="title">旧題</h2><p>本文</p><h2>次の見出し</h2>', '新題')).toBe(
      '<h2 class="title">新題</h2><p>本文</p><h2>次の見出し</h2>',
    );
    expect(withHeading('<H2>Old <em>title</em></H2>', 'New')).toBe('<h2>New</h2>');
  });

  it('puts a heading in front of a body without one, the name escaped', () => {
    expect(withHeading('<p>本文</p>', 'A & <B>')).toBe('<h2>A &amp; &lt;B&gt;</h2><p>本文</p>');
  });
});
