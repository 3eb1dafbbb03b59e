import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { notFound } from '../builder-error';
import { plainText, questionTypeOfExternal, splitSectionPreviews } from '../domain/external';
import type { Actor } from '../identity/actor';
import { LibraryRepository, type NewLibraryItem } from '../library/library.repository';
import type { BundleQuestionDto, BundleSurveyDto, ImportBundleDto } from './bundle.dto';
import { type ExternalQuestionRow, ExternalRepository, type ExternalSurveyRow, type ExternalSurveyToInsert } from './external.repository';

export const DEFAULT_SOURCE = 'survey_platform';

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const byOrder = <T extends { order_index?: number }>(items: T[] | undefined) =>
  [...(items ?? [])].sort((a, b) => (a.order_index ?? 0) - (b.order_index ?? 0));

interface ImportCounts {
  surveysImported: number;
  questionsImported: number;
  answerItemsImported: number;
  subItemsImported: number;
  logicsImported: number;
  logicItemsImported: number;
  libraryItemsImported: number;
}

/** The external questionnaire to store for one bundle entry; raw objects kept whole. */
function toExternalSurvey(source: string, entry: BundleSurveyDto, fetchedAt: unknown, importedBy: string): ExternalSurveyToInsert {
  return {
    id: randomUUID(),
    source,
    externalId: entry.surveyId,
    name: text(entry.survey?.name),
    surveyRaw: entry.survey,
    questionnaireRaw: entry.questionnaire,
    fetchedAt: typeof fetchedAt === 'string' ? fetchedAt : null,
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
      answerItems: byOrder(q.answer_items).map((i) => ({ externalId: numberOrNull(i.id), sentence: text(i.sentence), orderIndex: i.order_index ?? 0, raw: i })),
      subItems: byOrder(q.sub_items).map((i) => ({ externalId: numberOrNull(i.id), sentence: text(i.sentence), orderIndex: i.order_index ?? 0, raw: i })),
      logics: byOrder(q.logics).map((logic) => ({
        externalId: numberOrNull(logic.id),
        orderIndex: logic.order_index ?? 0,
        logicAction: logic.logic_action ?? null,
        raw: logic,
        items: (logic.logic_items ?? []).map((item) => ({
          externalId: numberOrNull(item.id),
          questionExternalId: numberOrNull(item.question_id),
          answerItemExternalId: numberOrNull(item.answer_item_id),
          verb: item.verb ?? null,
          value: (item as { value?: unknown }).value == null ? null : String((item as { value?: unknown }).value),
          raw: item,
        })),
      })),
    })),
  };
}

/** Library entries for every question of a stored questionnaire, section title from its preview section. */
function libraryItemsOf(survey: ExternalSurveyToInsert, actor: Actor): NewLibraryItem[] {
  const previews = splitSectionPreviews(survey.questions.map((q) => ({ id: q.id, answerTypeName: q.answerTypeName, text: plainText(q.renderedSentence) })));
  const sectionOf = new Map(previews.flatMap((p) => [...p.questionIds, ...(p.dividerId ? [p.dividerId] : [])].map((id) => [id, p] as const)));
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
      category: survey.source,
      sectionTitle: preview?.title ?? '',
      questionType: questionTypeOfExternal(q.answerTypeName, q.answerItems.length > 0, q.subItems.length > 0),
      normalizedPayload: {
        promptText: plainText(q.renderedSentence),
        options: q.answerItems.map((i) => ({ label: plainText(i.sentence), isExclusive: false, allowOtherInput: false, isNotApplicable: false })),
        subItems: q.subItems.map((i) => ({ label: plainText(i.sentence) })),
        subQuestions: [],
      },
      createdBy: actor.id,
    };
  });
}

@Injectable()
export class ImportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly external: ExternalRepository,
    private readonly library: LibraryRepository,
  ) {}

  /**
   * Stores a bundle (spec 4.7) in one transaction. A questionnaire already imported from the same source is
   * deleted with its children and library entries and stored again, so repeated imports never duplicate.
   */
  async importBundle(actor: Actor, bundle: ImportBundleDto) {
    return this.dataSource.transaction(async (manager) => {
      const counts: ImportCounts = {
        surveysImported: 0,
        questionsImported: 0,
        answerItemsImported: 0,
        subItemsImported: 0,
        logicsImported: 0,
        logicItemsImported: 0,
        libraryItemsImported: 0,
      };
      const surveyIds: string[] = [];
      const skipped: Array<{ externalId: number; reason: string }> = [];
      const seen = new Set<number>();
      for (const entry of bundle.surveys) {
        if (seen.has(entry.surveyId)) {
          skipped.push({ externalId: entry.surveyId, reason: 'appears more than once in the bundle' });
          continue;
        }
        seen.add(entry.surveyId);
        if (entry.questionnaire === null) {
          skipped.push({ externalId: entry.surveyId, reason: 'no questionnaire was fetched' });
          continue;
        }
        const survey = toExternalSurvey(bundle.origin, entry, bundle.fetchedAt, actor.id);
        await this.external.deleteExisting(manager, survey.source, survey.externalId);
        await this.external.insert(manager, survey);
        const libraryIds = await this.library.insert(manager, libraryItemsOf(survey, actor));
        surveyIds.push(survey.id);
        counts.surveysImported += 1;
        counts.questionsImported += survey.questions.length;
        counts.answerItemsImported += survey.questions.reduce((n, q) => n + q.answerItems.length, 0);
        counts.subItemsImported += survey.questions.reduce((n, q) => n + q.subItems.length, 0);
        counts.logicsImported += survey.questions.reduce((n, q) => n + q.logics.length, 0);
        counts.logicItemsImported += survey.questions.reduce((n, q) => n + q.logics.reduce((m, l) => m + l.items.length, 0), 0);
        counts.libraryItemsImported += libraryIds.length;
      }
      return { ...counts, surveyIds, skipped };
    });
  }

  async existingIds(source: string) {
    return this.external.externalIds(this.dataSource.manager, source);
  }

  async previews(page: { limit: number; offset: number }) {
    const surveys = await this.external.surveys(this.dataSource.manager, page);
    return this.previewsOf(surveys);
  }

  async preview(externalSurveyId: string) {
    const survey = await this.external.survey(this.dataSource.manager, externalSurveyId);
    if (!survey) throw notFound('External survey');
    return (await this.previewsOf([survey]))[0];
  }

  /** Section candidates: the question sequence split at intro steps (提示ステップ). */
  private async previewsOf(surveys: ExternalSurveyRow[]) {
    const questions = await this.external.questions(this.dataSource.manager, surveys.map((s) => s.id));
    const bySurvey = new Map<string, ExternalQuestionRow[]>();
    for (const q of questions) bySurvey.set(q.externalSurveyId, [...(bySurvey.get(q.externalSurveyId) ?? []), q]);
    return surveys.map((survey) => {
      const own = bySurvey.get(survey.id) ?? [];
      const libraryOf = new Map(own.map((q) => [q.id, q.libraryItemId]));
      const sections = splitSectionPreviews(own.map((q) => ({ id: q.id, answerTypeName: q.answerTypeName, text: plainText(q.renderedSentence) })));
      return {
        externalSurveyId: survey.id,
        externalSurveyName: survey.name,
        externalSurveyExternalId: survey.externalId,
        sections: sections.map((s) => ({
          index: s.index,
          title: s.title,
          description: s.description,
          libraryItemIds: s.questionIds.map((id) => libraryOf.get(id)).filter((id): id is string => Boolean(id)),
          questionCount: s.questionIds.length,
        })),
      };
    });
  }
}

