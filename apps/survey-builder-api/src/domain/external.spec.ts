import { plainText, questionTypeOfExternal, splitSectionPreviews } from './external';

describe('plainText', () => {
  it('drops tags, decodes entities and keeps line breaks', () => {
    expect(plainText('<p>食生活について&amp;健康</p><p>以下の質問に<b>お答え</b>ください。<br>所要 5 分</p>')).toBe(
      '食生活について&健康\n以下の質問にお答えください。\n所要 5 分',
    );
  });
});

describe('questionTypeOfExternal', () => {
  it.each([
    ['提示ステップ', false, false, 'intro'],
    ['単一回答', true, false, 'single'],
    ['SA', true, false, 'single'],
    ['複数回答(MA)', true, false, 'multi'],
    ['マトリクス(SA)', true, true, 'matrix'],
    ['プルダウン', true, false, 'pulldown'],
    ['自由回答', false, false, 'free_text'],
    ['謎の形式', true, true, 'matrix'],
    ['謎の形式', true, false, 'single'],
    ['謎の形式', false, false, 'free_text'],
  ] as const)('%s (items %s, sub items %s) is %s', (name, items, subItems, type) => {
    expect(questionTypeOfExternal(name, items, subItems)).toBe(type);
  });
});

describe('splitSectionPreviews', () => {
  const q = (id: string, answerTypeName = '単一回答', text = '') => ({ id, answerTypeName, text });

  it('opens a section at each intro step, titled by its first line, without counting the divider', () => {
    expect(
      splitSectionPreviews([
        q('a'),
        q('d1', '提示ステップ', '食生活\nふだんの食事について'),
        q('b'),
        q('c'),
        q('d2', '提示ステップ', '最後に'),
        q('e'),
      ]),
    ).toEqual([
      { index: 0, title: '', description: '', dividerId: null, questionIds: ['a'] },
      { index: 1, title: '食生活', description: 'ふだんの食事について', dividerId: 'd1', questionIds: ['b', 'c'] },
      { index: 2, title: '最後に', description: '', dividerId: 'd2', questionIds: ['e'] },
    ]);
  });

  it('has no untitled section when the questionnaire opens with a divider, and keeps empty divider sections', () => {
    expect(
      splitSectionPreviews([q('d1', '提示ステップ', 'A'), q('d2', '提示ステップ', 'B'), q('x')]).map((s) => [s.title, s.questionIds]),
    ).toEqual([
      ['A', []],
      ['B', ['x']],
    ]);
    expect(splitSectionPreviews([])).toEqual([]);
  });
});
