import { categoriesOf, overlongThemeFields, THEME_TEXT_MAX, themeFieldText, toStoredTheme, toStructuredTheme } from './theme';

const stored = {
  title: '新しいお茶の評価',
  clientName: '茶舗株式会社',
  objective: '新商品の受容性評価、価格受容性調査、パッケージの印象',
  deliveryArea: '関東、20-39歳女性',
  category: '飲料、緑茶',
  promptText: 'ペットボトル緑茶',
};

describe('theme conversion', () => {
  it('reads presets and free text out of the stored strings', () => {
    expect(toStructuredTheme(stored)).toEqual({
      title: '新しいお茶の評価',
      clientName: '茶舗株式会社',
      objective: { presets: ['新商品の受容性評価', '価格受容性調査'], customText: 'パッケージの印象' },
      deliveryArea: { preset: '関東', customText: '20-39歳女性' },
      categories: { labels: ['飲料'], freeText: '緑茶' },
      promptText: 'ペットボトル緑茶',
    });
  });

  it('writes the stored strings back so a round trip changes nothing', () => {
    expect(toStoredTheme(toStructuredTheme(stored))).toEqual(stored);
  });

  it('handles empty parts and an area that is not a preset', () => {
    const theme = toStructuredTheme({ ...stored, objective: '', deliveryArea: '札幌市内', category: '' });
    expect(theme.objective).toEqual({ presets: [], customText: '' });
    expect(theme.deliveryArea).toEqual({ preset: null, customText: '札幌市内' });
    expect(toStoredTheme({ ...theme, deliveryArea: { preset: null, customText: '' } }).deliveryArea).toBe('');
  });

  it('accepts either form of a theme field as text', () => {
    expect(themeFieldText('認知度調査')).toBe('認知度調査');
    expect(themeFieldText({ presets: ['認知度調査'], customText: '若年層' })).toBe('認知度調査、若年層');
    expect(themeFieldText({ preset: '全国', customText: '' })).toBe('全国');
    expect(themeFieldText({ labels: ['食品', '飲料'], freeText: '' })).toBe('食品、飲料');
    expect(categoriesOf('食品、 飲料、')).toEqual(['食品', '飲料']);
  });

  it('names the fields whose presets and custom text joined would be longer than a survey stores', () => {
    const theme = {
      title: 't',
      clientName: 'c',
      objective: { presets: ['認知度調査'], customText: 'x'.repeat(THEME_TEXT_MAX - '認知度調査、'.length) },
      deliveryArea: { preset: 'sweep', customText: 'y'.repeat(THEME_TEXT_MAX) },
      categories: { labels: [], freeText: 'z'.repeat(THEME_TEXT_MAX) },
      promptText: '',
    };
    expect(overlongThemeFields(toStoredTheme(theme)).map((p) => p.field)).toEqual(['deliveryArea']);
    // Read back, an unknown preset is part of the custom text, which would be longer than the field's limit.
    expect(toStructuredTheme(toStoredTheme(theme)).deliveryArea.customText.length).toBeGreaterThan(THEME_TEXT_MAX);
  });
});
