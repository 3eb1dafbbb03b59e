import { findSection, withoutSections } from './html-sections';

describe('html sections', () => {
  const body =
    '<h2>t</h2><section class="nb-summary x"><section><p>a</p></section></section><p>b</p><section class="nb-related"><h3>関連情報</h3></section>';

  it('finds a section by class, nested sections counted', () => {
    const found = findSection(body, 'nb-summary')!;
    expect(body.slice(found.start, found.end)).toBe('<section class="nb-summary x"><section><p>a</p></section></section>');
    expect(findSection(body, 'nb-missing')).toBeUndefined();
    expect(findSection('<section class="nb-summary"><p>never closed', 'nb-summary')).toBeUndefined();
  });

  it('removes every section of a class', () => {
    expect(withoutSections(`${body}<section class="nb-related">2</section>`, 'nb-related')).toBe(
      '<h2>t</h2><section class="nb-summary x"><section><p>a</p></section></section><p>b</p>',
    );
  });
});
