import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SurveyAccess } from '../access/survey-access';
import { notFound } from '../builder-error';
import { questionFromPayload } from '../domain/library-payload';
import type { QuestionContent } from '../domain/model';
import type { Actor } from '../identity/actor';
import type { LibraryItem } from '../library/library.repository';
import { contentOf } from './snapshot.mapper';
import { type SnapshotQuestion, SnapshotRepository } from './snapshot.repository';

/** Imported questions bring their text and choices, never their logic (spec 4.3, 4.4). */
export function withoutLogic(question: QuestionContent): QuestionContent {
  return { ...question, branchRules: [], visibilityRules: [] };
}

/**
 * Where imported questions come from. Nothing is read from a survey the caller may not view: a live source
 * survey needs view permission; a deleted one may still be reused from its remaining snapshot rows.
 */
@Injectable()
export class QuestionSources {
  constructor(
    private readonly access: SurveyAccess,
    private readonly snapshots: SnapshotRepository,
  ) {}

  /** A library entry's question: internal-origin from its source snapshot, external-origin from the payload. */
  async fromLibraryItem(manager: EntityManager, actor: Actor, item: LibraryItem): Promise<QuestionContent> {
    if (item.sourceSurveyId && item.sourceQuestionId) {
      const [source] = await manager.query<Array<{ deleted: boolean }>>(`SELECT deleted_at IS NOT NULL AS deleted FROM survey WHERE id = $1`, [
        item.sourceSurveyId,
      ]);
      if (source && !source.deleted) await this.access.forView(manager, actor, item.sourceSurveyId);
      const snapshot = source && (await this.latestSnapshotOf(manager, item.sourceSurveyId, item.sourceQuestionId));
      if (snapshot) return withoutLogic(contentOf(snapshot));
    }
    return questionFromPayload(item.questionType, item.normalizedPayload);
  }

  /** A question of another survey's latest version, named by row id or stable id, within the section named. */
  async fromSurvey(manager: EntityManager, actor: Actor, surveyId: string, sectionId: string, questionId: string): Promise<QuestionContent> {
    const survey = await this.access.forView(manager, actor, surveyId);
    const sections = await this.snapshots.load(manager, { versionIds: [survey.latestVersionId] });
    const section = sections.find((s) => s.id === sectionId || s.stableId === sectionId);
    const question = section?.questions.find((q) => q.id === questionId || q.stableId === questionId);
    if (!question) throw notFound('Source question');
    return withoutLogic(contentOf(question));
  }

  /** The newest snapshot row of a question (by stable id) of a survey, whichever version still has it. */
  private async latestSnapshotOf(manager: EntityManager, surveyId: string, stableId: string): Promise<SnapshotQuestion | undefined> {
    const [row] = await manager.query<Array<{ id: string }>>(
      `SELECT q.id FROM question q JOIN survey_version v ON v.id = q.version_id
       WHERE v.survey_id = $1 AND q.stable_id = $2 ORDER BY v.version_no DESC LIMIT 1`,
      [surveyId, stableId],
    );
    if (!row) return undefined;
    const [section] = await this.snapshots.load(manager, { questionIds: [row.id] });
    return section?.questions[0];
  }
}
