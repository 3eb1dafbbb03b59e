import { keywordsOf } from './theme-assist';

describe('keywordsOf', () => {
  it('takes runs of kanji, katakana and Latin letters or digits, two or more long, once each', () => {
    expect(keywordsOf('新しいお茶の評価', '飲料、緑茶。 緑茶 a', 'ペットボトル緑茶（500ML）')).toEqual([
      '評価',
      '飲料',
      '緑茶',
      'ペットボトル',
      '500ml',
    ]);
  });

  it('finds nothing in text of particles and single characters', () => {
    expect(keywordsOf('これは の を a')).toEqual([]);
  });
});
