import { Injectable } from '@nestjs/common';
import { notFound } from '../builder.errors';
import type { Db, Trx } from '../database/builder-db';
import type { Actor } from '../identity/actor';
import { SnapshotReadRepository } from '../snapshot/snapshot-read.repository';
import type { SnapshotQuestion, SnapshotSection } from '../snapshot/snapshot.types';
import { type AccessibleSurvey, SurveyRepository } from './survey.repository';

/**
 * The permission rules: view allows reading, edit allows changing; administrators may do both
 * on every survey. A caller without the permission gets the same 404 as for a survey that does not exist.
 * Edit checks take a transaction and lock the survey row until it ends, so edits and saves of one survey
 * run one at a time; they cannot be called outside a transaction, where the lock would hold nothing.
 */
@Injectable()
export class SurveyAccessService {
  constructor(
    private readonly surveys: SurveyRepository,
    private readonly snapshots: SnapshotReadRepository,
  ) {}

  async forView(db: Db, actor: Actor, surveyId: string): Promise<AccessibleSurvey> {
    const survey = await this.surveys.find(db, surveyId, actor.id);
    if (!survey || !(actor.isAdmin || survey.role)) throw notFound('Survey');
    return survey;
  }

  async forEdit(trx: Trx, actor: Actor, surveyId: string): Promise<AccessibleSurvey> {
    const survey = await this.editable(trx, actor, surveyId);
    if (!survey) throw notFound('Survey');
    return survey;
  }

  /** A section of a survey's latest version, with the survey locked for editing; 404 otherwise. */
  async sectionForEdit(trx: Trx, actor: Actor, sectionId: string): Promise<{ survey: AccessibleSurvey; section: SnapshotSection }> {
    const place = await this.snapshots.placeOfSection(trx, sectionId);
    const survey = place ? await this.editable(trx, actor, place.surveyId) : undefined;
    if (!survey || place?.versionId !== survey.latestVersionId) throw notFound('Section');
    return { survey, section: (await this.snapshots.section(trx, sectionId))! };
  }

  /** A question of a survey's latest version with its section, the survey locked for editing; 404 otherwise. */
  async questionForEdit(
    trx: Trx,
    actor: Actor,
    questionId: string,
  ): Promise<{ survey: AccessibleSurvey; section: SnapshotSection; question: SnapshotQuestion }> {
    const place = await this.snapshots.placeOfQuestion(trx, questionId);
    const survey = place ? await this.editable(trx, actor, place.surveyId) : undefined;
    if (!survey || place?.versionId !== survey.latestVersionId) throw notFound('Question');
    const section = (await this.snapshots.section(trx, place.sectionId))!;
    return { survey, section, question: section.questions.find((q) => q.id === questionId)! };
  }

  /** The survey locked for this transaction, when the caller may edit it. */
  private async editable(trx: Trx, actor: Actor, surveyId: string): Promise<AccessibleSurvey | undefined> {
    const survey = await this.surveys.findForUpdate(trx, surveyId, actor.id);
    return survey && (actor.isAdmin || survey.role === 'edit') ? survey : undefined;
  }
}
