import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { KeyedTurns, poolLimitsOf } from '@platform/persistence';
import { assertWithinLimits, notFound } from '../builder.errors';
import { BuilderDb } from '../database/builder-db';
import { plainText, splitSectionPreviews } from '../domain/external';
import type { Actor } from '../identity/actor';
import { LibraryRepository, type NewLibraryItem } from '../question-sources/library.repository';
import type { BundleSurveyDto, ImportBundleDto } from './dto/bundle.dto';
import { DEFAULT_SOURCE } from './dto/import.query';
import type { BundleImportResponse, SectionPreviewResponse } from './dto/import.response';
import { countsOf, type ExternalSurveyToInsert, libraryItemBreaches, libraryItemsOf, toExternalSurvey } from './external-bundle';
import { type ExternalQuestionRow, ExternalRepository, type ExternalSurveyRow } from './external.repository';

/** Imports of external survey bundles (`importSurveyBundle`) and the section candidates they offer. */
@Injectable()
export class ImportsService {
  /** Imports of one questionnaire queue here before they ask the pool (see importBundle). */
  private readonly turns: KeyedTurns;

  constructor(
    private readonly db: BuilderDb,
    private readonly external: ExternalRepository,
    private readonly library: LibraryRepository,
    dataSource: DataSource,
  ) {
    this.turns = new KeyedTurns(poolLimitsOf(dataSource).waitMs, 'a turn at the questionnaire');
  }

  /**
   * Stores a bundle under the source survey_platform, in one transaction. A questionnaire already stored
   * is deleted with its children and library entries and stored again, so repeated imports never duplicate;
   * each (source, external id) is locked first, in order, so concurrent imports of one bundle (a double
   * click) run one after another and all succeed. Within this process they wait for each other before asking the pool
   * (the lock orders them against other replicas), so imports waiting for one another hold no connection. A questionnaire whose questions could not become builder questions
   * within a question's limits (a matrix with more answer items than a question may have rows) refuses the whole bundle.
   */
  async importBundle(actor: Actor, bundle: ImportBundleDto): Promise<BundleImportResponse> {
    const skipped: Array<{ externalId: number; reason: string }> = [];
    const entries: BundleSurveyDto[] = [];
    const seen = new Set<number>();
    for (const entry of bundle.surveys) {
      if (seen.has(entry.surveyId)) {
        skipped.push({ externalId: entry.surveyId, reason: 'appears more than once in the bundle' });
        continue;
      }
      seen.add(entry.surveyId);
      if (entry.questionnaire === null) skipped.push({ externalId: entry.surveyId, reason: 'no questionnaire was fetched' });
      else entries.push(entry);
    }
    // The rows to store, checked before anything is locked or written.
    const stored = entries.map((entry) => {
      const survey = toExternalSurvey(DEFAULT_SOURCE, bundle.origin, entry, bundle.fetchedAt, actor.id);
      const items = libraryItemsOf(survey, actor.id);
      assertWithinLimits(libraryItemBreaches(survey, items, entry, bundle.surveys.indexOf(entry)));
      return { survey, items };
    });
    const keys = stored.map(({ survey }) => `${survey.source}:${survey.externalId}`);
    return this.turns.run(keys, () => this.store(stored, skipped));
  }

  /** The bundle's questionnaires stored in one transaction, each (source, external id) locked first, in order. */
  private async store(
    stored: Array<{ survey: ExternalSurveyToInsert; items: NewLibraryItem[] }>,
    skipped: BundleImportResponse['skipped'],
  ): Promise<BundleImportResponse> {
    return this.db.transaction().execute(async (trx) => {
      for (const { survey } of [...stored].sort((a, b) => a.survey.externalId - b.survey.externalId)) {
        await this.external.lock(trx, survey.source, survey.externalId);
      }
      const result: BundleImportResponse = {
        surveysImported: 0,
        questionsImported: 0,
        answerItemsImported: 0,
        subItemsImported: 0,
        logicsImported: 0,
        logicItemsImported: 0,
        libraryItemsImported: 0,
        surveyIds: [],
        skipped,
      };
      for (const { survey, items } of stored) {
        await this.external.deleteExisting(trx, survey.source, survey.externalId);
        await this.external.insert(trx, survey);
        const libraryIds = await this.library.insert(trx, items);
        const counts = countsOf(survey);
        result.surveyIds.push(survey.id);
        result.surveysImported += 1;
        result.questionsImported += counts.questions;
        result.answerItemsImported += counts.answerItems;
        result.subItemsImported += counts.subItems;
        result.logicsImported += counts.logics;
        result.logicItemsImported += counts.logicItems;
        result.libraryItemsImported += libraryIds.length;
      }
      return result;
    });
  }

  async existingIds(source: string): Promise<number[]> {
    return this.external.externalIds(this.db, source);
  }

  async previews(page: { limit: number; offset: number }): Promise<SectionPreviewResponse[]> {
    return this.previewsOf(await this.external.surveys(this.db, page));
  }

  async preview(externalSurveyId: string): Promise<SectionPreviewResponse> {
    const survey = await this.external.survey(this.db, externalSurveyId);
    if (!survey) throw notFound('External survey');
    return (await this.previewsOf([survey]))[0];
  }

  /** Section candidates: the question sequence split at intro steps (提示ステップ). */
  private async previewsOf(surveys: ExternalSurveyRow[]): Promise<SectionPreviewResponse[]> {
    const questions = await this.external.questions(
      this.db,
      surveys.map((s) => s.id),
    );
    const bySurvey = new Map<string, ExternalQuestionRow[]>();
    for (const q of questions) bySurvey.set(q.externalSurveyId, [...(bySurvey.get(q.externalSurveyId) ?? []), q]);
    return surveys.map((survey) => {
      const own = bySurvey.get(survey.id) ?? [];
      const libraryOf = new Map(own.map((q) => [q.id, q.libraryItemId]));
      const sections = splitSectionPreviews(
        own.map((q) => ({ id: q.id, answerTypeName: q.answerTypeName, text: plainText(q.renderedSentence) })),
      );
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
