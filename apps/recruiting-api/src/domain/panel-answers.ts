/** A respondent's answers, one row per question and option (GET /surveys/{surveyId}/panels/{panelId}). Pure. */

export interface QuestionInfo {
  questionText: string;
  questionType: string;
  options: string[];
}

export interface AnswerRow {
  questionSentence: string;
  answerType: string;
  answerItemSentence: string | null;
  subItemSentence: string | null;
  value: string | null;
  isAnswered: boolean;
}

const MATRIX = '|||';

const present = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * Select questions give a row per option (answered when chosen; a chosen value outside the options gets a row of its
 * own), other questions one row. A matrix question `text|||item` is reported as its text with the item as sub-item.
 * Without includeUnanswered only answered rows are listed; the summary always counts every question.
 */
export function panelAnswers(
  questions: QuestionInfo[],
  answers: Record<string, unknown>,
  includeUnanswered: boolean,
): { answers: AnswerRow[]; answersSummary: { totalQuestions: number; answeredQuestions: number; unansweredQuestions: number } } {
  const rows: AnswerRow[] = [];
  let answered = 0;
  for (const question of questions) {
    const cut = question.questionText.indexOf(MATRIX);
    const sentence = cut === -1 ? question.questionText : question.questionText.slice(0, cut);
    const subItem = cut === -1 ? null : question.questionText.slice(cut + MATRIX.length);
    const answer = answers[question.questionText];
    if (present(answer)) answered++;
    const base = { questionSentence: sentence, answerType: question.questionType, subItemSentence: subItem };
    if ((question.questionType === 'single_select' || question.questionType === 'multi_select') && question.options.length > 0) {
      const chosen = (Array.isArray(answer) ? answer : present(answer) ? [answer] : []).map(String);
      for (const option of question.options) {
        const selected = chosen.includes(option);
        rows.push({ ...base, answerItemSentence: option, value: selected ? option : null, isAnswered: selected });
      }
      for (const other of chosen.filter((c) => !question.options.includes(c))) {
        rows.push({ ...base, answerItemSentence: other, value: other, isAnswered: true });
      }
    } else {
      const value = present(answer) ? (Array.isArray(answer) ? answer.map(String).join(', ') : String(answer)) : null;
      rows.push({ ...base, answerItemSentence: null, value, isAnswered: value !== null });
    }
  }
  return {
    answers: includeUnanswered ? rows : rows.filter((r) => r.isAnswered),
    answersSummary: { totalQuestions: questions.length, answeredQuestions: answered, unansweredQuestions: questions.length - answered },
  };
}
