import { option, question, type QuestionContent, type SectionDraft } from './model';
import { categoriesOf, type StoredTheme } from './theme';

/** generatedBy labels of generated sections. */
export const GENERATED_INITIAL = 'initial';
export const GENERATED_FROM_TITLE = 'title-draft';

const AGE_BANDS = ['19歳以下', '20〜29歳', '30〜39歳', '40〜49歳', '50〜59歳', '60歳以上'];
const AGREEMENT_SCALE = ['とてもそう思う', 'ややそう思う', 'どちらともいえない', 'あまりそう思わない', 'まったくそう思わない'];

/**
 * The first draft of a new survey, built only from its theme so the same theme always gives the same
 * draft: an introduction, screening questions (gender, age, area), then the main questions about the
 * theme's categories and objective. Documented in docs/decisions.md.
 */
export function generateInitialContent(theme: StoredTheme): SectionDraft[] {
  const subject = theme.promptText.trim() || theme.title;
  const categories = categoriesOf(theme.category);
  const area = theme.deliveryArea.trim();
  const main: QuestionContent[] = [
    question('single', `${subject}をご存じですか。`, {
      isRequired: true,
      options: [
        option('知っていて、利用したことがある'),
        option('知っているが、利用したことはない'),
        option('知らない', { isExclusive: true }),
      ],
    }),
    question('multi', `${categories.length ? categories.join('・') : subject}について、当てはまるものをすべてお選びください。`, {
      options: [
        option('品質'),
        option('価格'),
        option('デザイン'),
        option('ブランド'),
        option('その他', { allowOtherInput: true }),
        option('特にない', { isNotApplicable: true, isExclusive: true }),
      ],
      minSelections: 1,
    }),
    question('matrix', `${subject}について、以下の項目はどの程度当てはまりますか。`, {
      matrixRows: [option('魅力的だ', { axis: 'row' }), option('購入したい', { axis: 'row' }), option('人に勧めたい', { axis: 'row' })],
      matrixColumns: AGREEMENT_SCALE.map((label) => option(label, { axis: 'column' })),
      isSingleMatrixSelect: true,
    }),
    question('free_text', `${theme.objective.trim() || subject}について、ご意見・ご感想をご自由にお書きください。`, {
      freeTextFields: [{ label: 'ご意見', placeholder: null, isRequired: false }],
    }),
  ];
  return [
    {
      title: '調査のご案内',
      description: `${theme.clientName}による「${theme.title}」の調査です。`,
      generatedBy: GENERATED_INITIAL,
      questions: [
        question(
          'intro',
          `「${theme.title}」に関するアンケートにご協力ください。回答は統計的に処理され、個人が特定されることはありません。`,
        ),
      ],
    },
    {
      title: 'スクリーニング',
      description: '回答者の属性を確認します。',
      generatedBy: GENERATED_INITIAL,
      questions: [
        question('single', 'あなたの性別をお答えください。', {
          isRequired: true,
          options: [option('男性'), option('女性'), option('回答しない')],
        }),
        question('pulldown', 'あなたの年齢をお答えください。', { isRequired: true, options: AGE_BANDS.map((label) => option(label)) }),
        question('single', area ? `お住まいの地域は${area}ですか。` : 'お住まいの地域をお答えください。', {
          isRequired: true,
          options: area
            ? [option('はい'), option('いいえ')]
            : [option('北海道・東北'), option('関東'), option('中部'), option('関西'), option('中国・四国'), option('九州・沖縄')],
        }),
      ],
    },
    { title: '本調査', description: `${subject}について伺います。`, generatedBy: GENERATED_INITIAL, questions: main },
  ];
}

/** Draft questions for a section added by title: a five-point rating and a free comment on the title's subject. */
export function draftQuestionsForSection(title: string): QuestionContent[] {
  return [
    question('single', `「${title}」について、最も当てはまるものをお選びください。`, {
      options: AGREEMENT_SCALE.map((label) => option(label)),
    }),
    question('free_text', `「${title}」について、その理由をお聞かせください。`, {
      isLinkedToPrevious: true,
      freeTextFields: [{ label: '理由', placeholder: null, isRequired: false }],
    }),
  ];
}

/** Pages in a section: each question not linked to the previous one starts a page. */
export function pageCount(questions: ReadonlyArray<{ isLinkedToPrevious: boolean }>): number {
  return questions.filter((q, index) => index === 0 || !q.isLinkedToPrevious).length;
}
