import { Injectable } from '@nestjs/common';
import { notFound } from '../builder.errors';
import type { Db } from '../database/builder-db';
import { questionFromPayload } from '../domain/library-payload';
import type { QuestionContent } from '../domain/model';
import type { Actor } from '../identity/actor';
import { contentOf } from '../snapshot/snapshot.mapper';
import { SnapshotReadRepository } from '../snapshot/snapshot-read.repository';
import { SurveyAccessService } from '../survey-core/survey-access.service';
import { SurveyRepository } from '../survey-core/survey.repository';
import type { LibraryItem } from './library.repository';

/** Imported questions bring their text and choices, never their logic (`importSection`, `importSectionFromLibrary`, `importQuestion`). */
export function withoutLogic(question: QuestionContent): QuestionContent {
  return { ...question, branchRules: [], visibilityRules: [] };
}

/**
 * Where imported questions come from. Nothing is read from a survey the caller may not view: a live source
 * survey needs view permission; a deleted one may still be reused from its remaining snapshot rows.
 */
@Injectable()
export class QuestionSourcesService {
  constructor(
    private readonly access: SurveyAccessService,
    private readonly surveys: SurveyRepository,
    private readonly snapshots: SnapshotReadRepository,
  ) {}

  /** A library entry's question: internal-origin from its source snapshot, external-origin from the payload. */
  async fromLibraryItem(db: Db, actor: Actor, item: LibraryItem): Promise<QuestionContent> {
    if (item.sourceSurveyId && item.sourceQuestionId) {
      const live = await this.surveys.isLive(db, item.sourceSurveyId);
      if (live) await this.access.forView(db, actor, item.sourceSurveyId);
      const snapshot = live !== undefined ? await this.snapshots.latestRowOf(db, item.sourceSurveyId, item.sourceQuestionId) : undefined;
      if (snapshot) return withoutLogic(contentOf(snapshot));
    }
    return questionFromPayload(item.questionType, item.normalizedPayload);
  }

  /** A question of another survey's latest version, named by row id or stable id, within the section named. */
  async fromSurvey(db: Db, actor: Actor, surveyId: string, sectionId: string, questionId: string): Promise<QuestionContent> {
    const survey = await this.access.forView(db, actor, surveyId);
    const sections = await this.snapshots.load(db, { versionIds: [survey.latestVersionId] });
    const section = sections.find((s) => s.id === sectionId || s.stableId === sectionId);
    const question = section?.questions.find((q) => q.id === questionId || q.stableId === questionId);
    if (!question) throw notFound('Source question');
    return withoutLogic(contentOf(question));
  }
}
