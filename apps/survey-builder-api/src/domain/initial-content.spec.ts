import { draftQuestionsForSection, generateInitialContent, pageCount } from './initial-content';

const theme = {
  title: '緑茶の評価',
  clientName: '茶舗',
  objective: '新商品の受容性評価',
  deliveryArea: '関東',
  category: '飲料、緑茶',
  promptText: '',
};

describe('generateInitialContent', () => {
  it('builds introduction, screening and main sections from the theme', () => {
    const sections = generateInitialContent(theme);
    expect(sections.map((s) => s.title)).toEqual(['調査のご案内', 'スクリーニング', '本調査']);
    expect(sections.map((s) => s.questions.map((q) => q.questionType))).toEqual([
      ['intro'],
      ['single', 'pulldown', 'single'],
      ['single', 'multi', 'matrix', 'free_text'],
    ]);
    expect(sections[1].questions[2].promptText).toBe('お住まいの地域は関東ですか。');
    expect(sections[2].questions[1].promptText).toBe('飲料・緑茶について、当てはまるものをすべてお選びください。');
    expect(sections[2].questions[3].promptText).toBe('新商品の受容性評価について、ご意見・ご感想をご自由にお書きください。');
    expect(sections.every((s) => s.generatedBy === 'initial')).toBe(true);
  });

  it('is deterministic', () => {
    expect(generateInitialContent(theme)).toEqual(generateInitialContent({ ...theme }));
  });

  it('keeps multi-only settings on multi questions', () => {
    const questions = generateInitialContent(theme).flatMap((s) => s.questions);
    for (const q of questions.filter((q) => q.questionType !== 'multi')) expect([q.minSelections, q.maxSelections]).toEqual([null, null]);
  });
});

describe('draftQuestionsForSection', () => {
  it('asks about the section title, on one page', () => {
    const drafts = draftQuestionsForSection('パッケージ');
    expect(drafts.map((q) => q.promptText)).toEqual([
      '「パッケージ」について、最も当てはまるものをお選びください。',
      '「パッケージ」について、その理由をお聞かせください。',
    ]);
    expect(pageCount(drafts)).toBe(1);
  });
});

describe('pageCount', () => {
  it('starts a page at every question not linked to the previous one', () => {
    expect(pageCount([])).toBe(0);
    expect(pageCount([{ isLinkedToPrevious: true }])).toBe(1);
    expect(
      pageCount([
        { isLinkedToPrevious: false },
        { isLinkedToPrevious: true },
        { isLinkedToPrevious: false },
        { isLinkedToPrevious: false },
      ]),
    ).toBe(3);
  });
});
