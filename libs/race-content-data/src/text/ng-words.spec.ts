import { maskNgWords, ngWordHits } from './ng-words';

describe('maskNgWords', () => {
  it('masks every occurrence, one mark per character', () => {
    expect(maskNgWords('八百長だ、八百長！', ['八百長'])).toBe('＊＊＊だ、＊＊＊！');
  });

  it('masks the longer word whole when words overlap', () => {
    expect(maskNgWords('大八百長', ['八百', '大八百長'])).toBe('＊＊＊＊');
  });

  it('leaves text without prohibited words alone and ignores empty words', () => {
    expect(maskNgWords('clean text', ['', 'bad'])).toBe('clean text');
  });
});

describe('ngWordHits', () => {
  it('lists each word found once, and nothing for clean text', () => {
    expect(ngWordHits('八百長だ、八百長！ 談合も', ['談合', '八百長', '不正', ''])).toEqual(['談合', '八百長']);
    expect(ngWordHits('clean', ['bad'])).toEqual([]);
  });
});
