import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { validationError } from '@platform/contracts';
import { SurveyAccess } from '../access/survey-access';
import { BuilderError, notFound } from '../builder-error';
import { copiesWithCodes, withFreshCodes } from '../domain/codes';
import type { QuestionContent } from '../domain/model';
import type { Actor } from '../identity/actor';
import { LibraryRepository } from '../library/library.repository';
import { QuestionSources } from '../snapshot/question-sources';
import { contentOf, questionResponse } from '../snapshot/snapshot.mapper';
import { SnapshotRepository, type SnapshotSection } from '../snapshot/snapshot.repository';
import { type AccessibleSurvey, SurveysRepository } from '../surveys/surveys.repository';
import type { AddQuestionDto, UpdateQuestionDto } from '../common/question.dto';
import { conditionSources, contentAfterUpdate, contentFromAdd, selectionProblems } from './question-content';
import type { ImportQuestionDto } from './questions.dto';

/** Codes are unique within a survey, always (409 otherwise). */
function assertCodeFree(codesInUse: string[], code: string): void {
  if (codesInUse.includes(code)) throw new BuilderError('DUPLICATE_QUESTION_CODE', `Code ${code} is already used in this survey`);
}

@Injectable()
export class QuestionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: SurveyAccess,
    private readonly surveys: SurveysRepository,
    private readonly snapshots: SnapshotRepository,
    private readonly library: LibraryRepository,
    private readonly sources: QuestionSources,
  ) {}

  /** Appends a question; its code must be unused in the survey (409 otherwise). */
  async add(actor: Actor, sectionId: string, dto: AddQuestionDto) {
    return this.dataSource.transaction(async (manager) => {
      const { survey, section } = await this.access.sectionForEdit(manager, actor, sectionId);
      const content = contentFromAdd(dto);
      const problems = selectionProblems(content);
      if (problems.length) throw validationError(problems);
      assertCodeFree(await this.snapshots.codesInVersion(manager, survey.latestVersionId), dto.code);
      return this.append(manager, actor, survey, section, { ...content, code: dto.code });
    });
  }

  /**
   * Fields sent replace the stored ones (arrays wholesale), choices get new ids, an intro question may not
   * be a condition source, and a sortOrder swaps places with the question there.
   */
  async update(actor: Actor, questionId: string, dto: UpdateQuestionDto) {
    return this.dataSource.transaction(async (manager) => {
      const { survey, section, question } = await this.access.questionForEdit(manager, actor, questionId);
      const next = contentAfterUpdate(question, dto);
      const problems = selectionProblems(next);
      if (problems.length) throw validationError(problems);
      const inVersion = await this.snapshots.questionsInOrder(manager, survey.latestVersionId);
      const introCodes = new Set(inVersion.filter((q) => q.questionType === 'intro' && q.id !== questionId).map((q) => q.code));
      if (next.questionType === 'intro') introCodes.add(dto.code ?? question.code);
      const introSource = conditionSources(next).find((code) => introCodes.has(code));
      if (introSource) {
        throw new BuilderError('INTRO_QUESTION_AS_CONDITION_SOURCE', `Intro question ${introSource} cannot be a condition source`);
      }
      const code = dto.code ?? question.code;
      if (code !== question.code) assertCodeFree(inVersion.map((q) => q.code), code);
      await this.snapshots.updateQuestion(manager, questionId, code, next);
      if (dto.sortOrder !== undefined && dto.sortOrder !== question.sortOrder) {
        if (dto.sortOrder > section.questions.length) {
          throw validationError([{ field: 'sortOrder', message: `sortOrder must be between 1 and ${section.questions.length}` }]);
        }
        await this.snapshots.swapPosition(manager, 'question', section.id, questionId, question.sortOrder, dto.sortOrder);
      }
      await this.touched(manager, actor, survey, section.id);
      return this.read(manager, questionId);
    });
  }

  /** Deletes the question with its choices and rules; rules elsewhere that pointed at it are left as they are. */
  async remove(actor: Actor, questionId: string) {
    return this.dataSource.transaction(async (manager) => {
      const { survey, section, question } = await this.access.questionForEdit(manager, actor, questionId);
      await this.snapshots.deleteAndCompact(manager, 'question', section.id, questionId, question.sortOrder);
      await this.touched(manager, actor, survey, section.id);
      return { deleted: true };
    });
  }

  /** A copy at the end of the same section with a new code; its references to the original point at the copy. */
  async duplicate(actor: Actor, questionId: string) {
    return this.dataSource.transaction(async (manager) => {
      const { survey, section, question } = await this.access.questionForEdit(manager, actor, questionId);
      const [copy] = copiesWithCodes([contentOf(question)], await this.snapshots.codesInVersion(manager, survey.latestVersionId));
      return this.append(manager, actor, survey, section, copy);
    });
  }

  /** A question from the library or from another survey, appended without logic (spec 4.4). */
  async import(actor: Actor, dto: ImportQuestionDto) {
    return this.dataSource.transaction(async (manager) => {
      const { survey, section } = await this.access.sectionForEdit(manager, actor, dto.targetSectionId);
      let content: QuestionContent;
      if (dto.libraryItemId) {
        const [item] = await this.library.findMany(manager, [dto.libraryItemId]);
        if (!item) throw notFound('Library entry');
        content = await this.sources.fromLibraryItem(manager, actor, item);
      } else if (dto.sourceSurveyId && dto.sourceSectionId && dto.sourceQuestionId) {
        content = await this.sources.fromSurvey(manager, actor, dto.sourceSurveyId, dto.sourceSectionId, dto.sourceQuestionId);
      } else {
        throw new BuilderError('INCOMPLETE_SOURCE', 'Give libraryItemId, or all of sourceSurveyId, sourceSectionId and sourceQuestionId');
      }
      const [coded] = withFreshCodes([content], await this.snapshots.codesInVersion(manager, survey.latestVersionId));
      return this.append(manager, actor, survey, section, coded);
    });
  }

  private async append(manager: EntityManager, actor: Actor, survey: AccessibleSurvey, section: SnapshotSection, question: QuestionContent & { code: string }) {
    const [id] = await this.snapshots.insertQuestions(manager, survey.latestVersionId, section.id, [
      { ...question, sortOrder: section.questions.length + 1 },
    ]);
    await this.touched(manager, actor, survey, section.id);
    return this.read(manager, id);
  }

  private async read(manager: EntityManager, questionId: string) {
    const [section] = await this.snapshots.load(manager, { questionIds: [questionId] });
    return questionResponse(section.questions[0]);
  }

  private async touched(manager: EntityManager, actor: Actor, survey: AccessibleSurvey, sectionId: string): Promise<void> {
    await this.snapshots.touchSection(manager, sectionId);
    await this.surveys.update(manager, survey.id, {}, actor.id);
  }

}
