import { randomUUID } from 'node:crypto';
import { plainText, questionTypeOfExternal, splitSectionPreviews } from '../domain/external';
import { questionFromPayload } from '../domain/library-payload';
import { type LimitBreach, questionLimitBreaches } from '../domain/limits';
import type { NewLibraryItem } from '../question-sources/library.repository';
import type { BundleQuestionDto, BundleSurveyDto } from './dto/bundle.dto';

export interface ExternalItemToInsert {
  externalId: number | null;
  sentence: string;
  orderIndex: number;
  raw: unknown;
}

/** One external questionnaire as written: its rows, with ids chosen here so children can refer to them. */
export interface ExternalSurveyToInsert {
  id: string;
  source: string;
  origin: string;
  externalId: number;
  name: string;
  surveyRaw: unknown;
  questionnaireRaw: unknown;
  fetchedAt: string | null;
  importedBy: string;
  questions: Array<{
    id: string;
    externalId: number;
    answerType: number | null;
    answerTypeName: string;
    renderedSentence: string;
    orderIndex: number;
    anyLogic: boolean;
    anyVisibility: boolean;
    raw: unknown;
    answerItems: ExternalItemToInsert[];
    subItems: ExternalItemToInsert[];
    logics: Array<{
      id: string;
      externalId: number | null;
      orderIndex: number;
      logicAction: unknown;
      raw: unknown;
      items: Array<{
        externalId: number | null;
        questionExternalId: number | null;
        answerItemExternalId: number | null;
        verb: string | null;
        value: string | null;
        raw: unknown;
      }>;
    }>;
  }>;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const byOrder = <T extends { order_index?: number }>(items: T[] | undefined) =>
  [...(items ?? [])].sort((a, b) => (a.order_index ?? 0) - (b.order_index ?? 0));
const item = (i: { id?: number; sentence?: string; order_index?: number }): ExternalItemToInsert => ({
  externalId: numberOrNull(i.id),
  sentence: text(i.sentence),
  orderIndex: i.order_index ?? 0,
  raw: i,
});

/** The rows to store for one bundle entry (already validated), raw objects kept whole. */
export function toExternalSurvey(
  source: string,
  origin: string,
  entry: BundleSurveyDto,
  fetchedAt: unknown,
  importedBy: string,
): ExternalSurveyToInsert {
  return {
    id: randomUUID(),
    source,
    origin,
    externalId: entry.surveyId,
    name: text(entry.survey?.name),
    surveyRaw: entry.survey,
    questionnaireRaw: entry.questionnaire,
    fetchedAt: typeof fetchedAt === 'string' ? fetchedAt.slice(0, 255) : null,
    importedBy,
    questions: byOrder(entry.questions).map((q: BundleQuestionDto) => ({
      id: randomUUID(),
      externalId: q.id,
      answerType: numberOrNull(q.answer_type),
      answerTypeName: text(q.answer_type_name),
      renderedSentence: text(q.rendered_sentence),
      orderIndex: q.order_index ?? 0,
      anyLogic: q.any_logic ?? false,
      anyVisibility: q.any_visibility ?? false,
      raw: q,
      answerItems: byOrder(q.answer_items).map(item),
      subItems: byOrder(q.sub_items).map(item),
      logics: byOrder(q.logics).map((logic) => ({
        id: randomUUID(),
        externalId: numberOrNull(logic.id),
        orderIndex: logic.order_index ?? 0,
        logicAction: logic.logic_action ?? null,
        raw: logic,
        items: (logic.logic_items ?? []).map((logicItem) => ({
          externalId: numberOrNull(logicItem.id),
          questionExternalId: numberOrNull(logicItem.question_id),
          answerItemExternalId: numberOrNull(logicItem.answer_item_id),
          verb: logicItem.verb ?? null,
          value: logicItem.value == null ? null : String(logicItem.value),
          raw: logicItem,
        })),
      })),
    })),
  };
}

/**
 * Library entries for every question of a stored questionnaire: category from the bundle's origin, section
 * title from its preview section, type from the answer type name, text from the rendered HTML.
 */
export function libraryItemsOf(survey: ExternalSurveyToInsert, createdBy: string): NewLibraryItem[] {
  const previews = splitSectionPreviews(
    survey.questions.map((q) => ({ id: q.id, answerTypeName: q.answerTypeName, text: plainText(q.renderedSentence) })),
  );
  const sectionOf = new Map(
    previews.flatMap((p) => [...p.questionIds, ...(p.dividerId ? [p.dividerId] : [])].map((id) => [id, p] as const)),
  );
  return survey.questions.map((q) => {
    const preview = sectionOf.get(q.id);
    return {
      sourceSurveyId: null,
      sourceSurveyTitle: null,
      sourceQuestionId: null,
      sourceSectionId: `${survey.id}:${preview?.index ?? 0}`,
      sourceExternalSurveyId: survey.id,
      sourceExternalSurveyName: survey.name,
      sourceExternalQuestionId: q.id,
      category: survey.origin,
      sectionTitle: preview?.title ?? '',
      questionType: questionTypeOfExternal(q.answerTypeName, q.answerItems.length > 0, q.subItems.length > 0),
      normalizedPayload: {
        promptText: plainText(q.renderedSentence),
        options: q.answerItems.map((i) => ({
          label: plainText(i.sentence),
          isExclusive: false,
          allowOtherInput: false,
          isNotApplicable: false,
        })),
        subItems: q.subItems.map((i) => ({ label: plainText(i.sentence) })),
        subQuestions: [],
      },
      createdBy,
    };
  });
}

/** Counts of what a stored questionnaire holds. */
export function countsOf(survey: ExternalSurveyToInsert) {
  return {
    questions: survey.questions.length,
    answerItems: survey.questions.reduce((n, q) => n + q.answerItems.length, 0),
    subItems: survey.questions.reduce((n, q) => n + q.subItems.length, 0),
    logics: survey.questions.reduce((n, q) => n + q.logics.length, 0),
    logicItems: survey.questions.reduce((n, q) => n + q.logics.reduce((m, l) => m + l.items.length, 0), 0),
  };
}

/** Where a builder question's arrays come from in an external question: choices (and a matrix's rows) are its answer items. */
const BUNDLE_FIELD: Record<string, string> = { options: 'answer_items', matrixRows: 'answer_items' };

/**
 * What the library entries of one stored questionnaire would break as the builder questions they become on import (a
 * matrix question's answer items become its rows, which are fewer than choices), each named by its field in the
 * bundle: `surveys.<entryIndex>.questions.<index as sent>.answer_items`. Refused at the import, the library never
 * holds an entry no survey could take.
 */
export function libraryItemBreaches(
  survey: ExternalSurveyToInsert,
  items: NewLibraryItem[],
  entry: BundleSurveyDto,
  entryIndex: number,
): LimitBreach[] {
  return items.flatMap((item, k) => {
    const sentAt = entry.questions?.indexOf(survey.questions[k].raw as BundleQuestionDto) ?? k;
    return questionLimitBreaches(questionFromPayload(item.questionType, item.normalizedPayload)).map((breach) => ({
      ...breach,
      field: `surveys.${entryIndex}.questions.${sentAt}.${BUNDLE_FIELD[breach.field] ?? breach.field}`,
    }));
  });
}
