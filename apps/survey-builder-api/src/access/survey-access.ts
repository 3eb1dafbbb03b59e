import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { notFound } from '../builder-error';
import type { Actor } from '../identity/actor';
import { type AccessibleSurvey, SurveysRepository } from '../surveys/surveys.repository';

/**
 * The permission rules of spec 5: view allows reading, edit allows changing; administrators may do both
 * on every survey. A caller without the permission gets the same 404 as for a survey that does not exist.
 * Every change locks the survey row first, so edits and saves of one survey run one at a time.
 */
@Injectable()
export class SurveyAccess {
  constructor(private readonly surveys: SurveysRepository) {}

  async forView(manager: EntityManager, actor: Actor, surveyId: string): Promise<AccessibleSurvey> {
    const survey = await this.surveys.find(manager, surveyId, actor.id, false);
    if (!survey || !(actor.isAdmin || survey.role)) throw notFound('Survey');
    return survey;
  }

  async forEdit(manager: EntityManager, actor: Actor, surveyId: string): Promise<AccessibleSurvey> {
    const survey = await this.surveys.find(manager, surveyId, actor.id, true);
    if (!survey || !(actor.isAdmin || survey.role === 'edit')) throw notFound('Survey');
    return survey;
  }

  /** The survey of a section of its latest version, locked for editing. */
  async forSectionEdit(manager: EntityManager, actor: Actor, sectionId: string): Promise<AccessibleSurvey> {
    const surveyId = await this.surveys.surveyOfSection(manager, sectionId);
    if (!surveyId) throw notFound('Section');
    const survey = await this.forEdit(manager, actor, surveyId).catch(() => Promise.reject(notFound('Section')));
    return survey;
  }

  /** The survey of a question of its latest version, locked for editing. */
  async forQuestionEdit(manager: EntityManager, actor: Actor, questionId: string): Promise<AccessibleSurvey> {
    const surveyId = await this.surveys.surveyOfQuestion(manager, questionId);
    if (!surveyId) throw notFound('Question');
    return this.forEdit(manager, actor, surveyId).catch(() => Promise.reject(notFound('Question')));
  }
}
