import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { notFound } from '../builder-error';
import type { Actor } from '../identity/actor';
import { type SnapshotQuestion, SnapshotRepository, type SnapshotSection } from '../snapshot/snapshot.repository';
import { type AccessibleSurvey, SurveysRepository } from '../surveys/surveys.repository';

/**
 * The permission rules of spec 5: view allows reading, edit allows changing; administrators may do both
 * on every survey. A caller without the permission gets the same 404 as for a survey that does not exist.
 * Every change locks the survey row first, so edits and saves of one survey run one at a time.
 */
@Injectable()
export class SurveyAccess {
  constructor(
    private readonly surveys: SurveysRepository,
    private readonly snapshots: SnapshotRepository,
  ) {}

  async forView(manager: EntityManager, actor: Actor, surveyId: string): Promise<AccessibleSurvey> {
    const survey = await this.surveys.find(manager, surveyId, actor.id, false);
    if (!survey || !(actor.isAdmin || survey.role)) throw notFound('Survey');
    return survey;
  }

  async forEdit(manager: EntityManager, actor: Actor, surveyId: string): Promise<AccessibleSurvey> {
    const survey = await this.editable(manager, actor, surveyId);
    if (!survey) throw notFound('Survey');
    return survey;
  }

  /** A section of a survey's latest version, with the survey locked for editing; 404 otherwise. */
  async sectionForEdit(manager: EntityManager, actor: Actor, sectionId: string): Promise<{ survey: AccessibleSurvey; section: SnapshotSection }> {
    const surveyId = await this.surveys.surveyOfSection(manager, sectionId);
    const survey = surveyId ? await this.editable(manager, actor, surveyId) : undefined;
    const [section] = survey ? await this.snapshots.load(manager, { sectionIds: [sectionId] }) : [];
    if (!survey || !section || section.versionId !== survey.latestVersionId) throw notFound('Section');
    return { survey, section };
  }

  /** A question of a survey's latest version with its section, the survey locked for editing; 404 otherwise. */
  async questionForEdit(
    manager: EntityManager,
    actor: Actor,
    questionId: string,
  ): Promise<{ survey: AccessibleSurvey; section: SnapshotSection; question: SnapshotQuestion }> {
    const surveyId = await this.surveys.surveyOfQuestion(manager, questionId);
    const survey = surveyId ? await this.editable(manager, actor, surveyId) : undefined;
    const [owner] = survey ? await this.snapshots.load(manager, { questionIds: [questionId] }) : [];
    if (!survey || !owner || owner.versionId !== survey.latestVersionId) throw notFound('Question');
    const [section] = await this.snapshots.load(manager, { sectionIds: [owner.id] });
    return { survey, section, question: section.questions.find((q) => q.id === questionId)! };
  }

  /** The survey locked for this transaction, when the caller may edit it. */
  private async editable(manager: EntityManager, actor: Actor, surveyId: string): Promise<AccessibleSurvey | undefined> {
    const survey = await this.surveys.find(manager, surveyId, actor.id, true);
    return survey && (actor.isAdmin || survey.role === 'edit') ? survey : undefined;
  }
}
