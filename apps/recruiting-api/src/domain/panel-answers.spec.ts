import { panelAnswers } from './panel-answers';

describe('panelAnswers', () => {
  const questions = [
    { questionText: '性別', questionType: 'single_select', options: ['男性', '女性'] },
    { questionText: '使うもの', questionType: 'multi_select', options: ['A', 'B', 'C'] },
    { questionText: '満足度|||価格', questionType: 'single_select', options: ['満足', '不満'] },
    { questionText: '年齢', questionType: 'number', options: [] },
    { questionText: '意見', questionType: 'text', options: [] },
  ];
  const answers = { 性別: '女性', 使うもの: ['A', 'C'], '満足度|||価格': '満足', 年齢: 34 };

  it('lists one row per question and option, matrix items as sub-items', () => {
    const all = panelAnswers(questions, answers, true);
    expect(all.answers).toHaveLength(2 + 3 + 2 + 1 + 1);
    expect(
      all.answers.filter((a) => a.isAnswered).map((a) => [a.questionSentence, a.answerItemSentence, a.subItemSentence, a.value]),
    ).toEqual([
      ['性別', '女性', null, '女性'],
      ['使うもの', 'A', null, 'A'],
      ['使うもの', 'C', null, 'C'],
      ['満足度', '満足', '価格', '満足'],
      ['年齢', null, null, '34'],
    ]);
    expect(all.answersSummary).toEqual({ totalQuestions: 5, answeredQuestions: 4, unansweredQuestions: 1 });
    expect(panelAnswers(questions, answers, false).answers).toHaveLength(5);
  });
});
