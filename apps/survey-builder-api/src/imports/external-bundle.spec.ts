import type { BundleSurveyDto } from './dto/bundle.dto';
import { countsOf, libraryItemsOf, toExternalSurvey } from './external-bundle';

const entry = {
  surveyId: 1001,
  survey: { name: '食生活調査' },
  questionnaire: { id: 7 },
  questions: [
    {
      id: 3,
      answer_type_name: 'マトリクス(SA)',
      rendered_sentence: '満足度',
      order_index: 3,
      answer_items: [{ id: 31, sentence: '味' }],
      sub_items: [{ id: 41, sentence: '満足', order_index: 1 }],
    },
    { id: 2, answer_type_name: '提示ステップ', rendered_sentence: '<p>食事</p><p>について</p>', order_index: 2 },
    {
      id: 1,
      answer_type_name: '単一回答',
      rendered_sentence: '<b>朝食</b>を食べますか',
      order_index: 1,
      answer_items: [
        { id: 12, sentence: '時々', order_index: 2 },
        { id: 11, sentence: '毎日', order_index: 1 },
      ],
      logics: [{ id: 100, logic_items: [{ id: 1000, question_id: 1, answer_item_id: 11, verb: 'eq', value: 1 }], logic_action: null }],
    },
  ],
} as unknown as BundleSurveyDto;

describe('toExternalSurvey', () => {
  const survey = toExternalSurvey('survey_platform', 'browser-extension', entry, '2026-11-20T10:00:00Z', 'user-1');

  it('orders questions and items by order_index and keeps every raw object', () => {
    expect(survey).toMatchObject({
      source: 'survey_platform',
      origin: 'browser-extension',
      externalId: 1001,
      name: '食生活調査',
      fetchedAt: '2026-11-20T10:00:00Z',
    });
    expect(survey.questions.map((q) => q.externalId)).toEqual([1, 2, 3]);
    expect(survey.questions[0].answerItems.map((i) => i.sentence)).toEqual(['毎日', '時々']);
    expect(survey.questions[0].raw).toBe(entry.questions![2]);
  });

  it('stores logic item values as text', () => {
    expect(survey.questions[0].logics[0].items[0]).toMatchObject({
      questionExternalId: 1,
      answerItemExternalId: 11,
      verb: 'eq',
      value: '1',
    });
    expect(countsOf(survey)).toEqual({ questions: 3, answerItems: 3, subItems: 1, logics: 1, logicItems: 1 });
  });

  it('keeps fetchedAt only when it is text', () => {
    expect(toExternalSurvey('s', 'o', entry, 12, 'u').fetchedAt).toBeNull();
  });
});

describe('libraryItemsOf', () => {
  it('registers every question with the origin as category, the preview section title, a type and plain text', () => {
    const survey = toExternalSurvey('survey_platform', 'browser-extension', entry, undefined, 'user-1');
    const items = libraryItemsOf(survey, 'user-1');
    expect(items.map((i) => [i.questionType, i.sectionTitle, i.normalizedPayload.promptText, i.category])).toEqual([
      ['single', '', '朝食を食べますか', 'browser-extension'],
      ['intro', '食事', '食事\nについて', 'browser-extension'],
      ['matrix', '食事', '満足度', 'browser-extension'],
    ]);
    expect(items[0]).toMatchObject({
      sourceExternalSurveyId: survey.id,
      sourceExternalQuestionId: survey.questions[0].id,
      sourceSectionId: `${survey.id}:0`,
    });
    expect(items[2].normalizedPayload.subItems).toEqual([{ label: '満足' }]);
  });
});
