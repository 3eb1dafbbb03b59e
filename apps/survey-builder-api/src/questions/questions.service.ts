import { Injectable } from '@nestjs/common';
import { validationError } from '@platform/contracts';
import { assertWithinLimits, BuilderError, notFound } from '../builder.errors';
import { BuilderDb, type Trx } from '../database/builder-db';
import { copiesWithCodes, withFreshCodes } from '../domain/codes';
import { additionBreaches } from '../domain/limits';
import type { QuestionContent } from '../domain/model';
import type { Actor } from '../identity/actor';
import { LibraryRepository } from '../question-sources/library.repository';
import { QuestionSourcesService } from '../question-sources/question-sources.service';
import type { QuestionResponse } from '../snapshot/dto/section.response';
import { contentOf, questionResponse } from '../snapshot/snapshot.mapper';
import { SnapshotReadRepository } from '../snapshot/snapshot-read.repository';
import type { SnapshotSection } from '../snapshot/snapshot.types';
import { SnapshotWriteRepository } from '../snapshot/snapshot-write.repository';
import { SurveyAccessService } from '../survey-core/survey-access.service';
import { type AccessibleSurvey, SurveyRepository } from '../survey-core/survey.repository';
import type { AddQuestionDto, ImportQuestionDto, UpdateQuestionDto } from './dto/question.dto';
import { conditionSources, contentAfterUpdate, contentFromAdd, selectionProblems } from './question-content';
import { SurveyWrites } from '../survey-core/survey-writes.service';

/** Codes are unique within a survey, always (409 otherwise). */
function assertCodeFree(codesInUse: string[], code: string): void {
  if (codesInUse.includes(code)) throw new BuilderError('DUPLICATE_QUESTION_CODE', `Code ${code} is already used in this survey`);
}

/** Questions of the latest version (the Questions operations): add, change, move, delete, duplicate, import. */
@Injectable()
export class QuestionsService {
  constructor(
    private readonly db: BuilderDb,
    private readonly writes: SurveyWrites,
    private readonly access: SurveyAccessService,
    private readonly surveys: SurveyRepository,
    private readonly reader: SnapshotReadRepository,
    private readonly writer: SnapshotWriteRepository,
    private readonly library: LibraryRepository,
    private readonly sources: QuestionSourcesService,
  ) {}

  /** Appends a question; its code must be unused in the survey (409 otherwise). */
  async add(actor: Actor, sectionId: string, dto: AddQuestionDto): Promise<QuestionResponse> {
    return this.writes.onSection(sectionId, async (trx) => {
      const { survey, section } = await this.access.sectionForEdit(trx, actor, sectionId);
      const content = contentFromAdd(dto);
      const problems = selectionProblems(content);
      if (problems.length) throw validationError(problems);
      const codes = await this.reader.codesInVersion(trx, survey.latestVersionId);
      assertCodeFree(codes, dto.code);
      return this.append(trx, actor, survey, section, { ...content, code: dto.code }, codes.length);
    });
  }

  /**
   * Fields sent replace the stored ones (arrays wholesale), choices get new ids, an intro question may not
   * be a condition source, and a sortOrder swaps places with the question there.
   */
  async update(actor: Actor, questionId: string, dto: UpdateQuestionDto): Promise<QuestionResponse> {
    return this.writes.onQuestion(questionId, async (trx) => {
      const { survey, section, question } = await this.access.questionForEdit(trx, actor, questionId);
      const next = contentAfterUpdate(question, dto);
      const problems = selectionProblems(next);
      if (problems.length) throw validationError(problems);
      const inVersion = await this.reader.questionsInOrder(trx, survey.latestVersionId);
      const introCodes = new Set(inVersion.filter((q) => q.questionType === 'intro' && q.id !== questionId).map((q) => q.code));
      if (next.questionType === 'intro') introCodes.add(dto.code ?? question.code);
      const introSource = conditionSources(next).find((code) => introCodes.has(code));
      if (introSource) {
        throw new BuilderError('INTRO_QUESTION_AS_CONDITION_SOURCE', `Intro question ${introSource} cannot be a condition source`);
      }
      const code = dto.code ?? question.code;
      if (code !== question.code)
        assertCodeFree(
          inVersion.map((q) => q.code),
          code,
        );
      await this.writer.updateQuestion(trx, questionId, code, next);
      if (dto.sortOrder !== undefined && dto.sortOrder !== question.sortOrder) {
        if (dto.sortOrder > section.questions.length) {
          throw validationError([{ field: 'sortOrder', message: `sortOrder must be between 1 and ${section.questions.length}` }]);
        }
        await this.writer.swapQuestionPosition(trx, section.id, questionId, question.sortOrder, dto.sortOrder);
      }
      await this.touched(trx, actor, survey, section.id);
      return this.read(trx, questionId);
    });
  }

  /** Deletes the question with its choices and rules; rules elsewhere that pointed at it are left as they are. */
  async remove(actor: Actor, questionId: string): Promise<{ deleted: true }> {
    return this.writes.onQuestion(questionId, async (trx) => {
      const { survey, section, question } = await this.access.questionForEdit(trx, actor, questionId);
      await this.writer.deleteQuestion(trx, section.id, questionId, question.sortOrder);
      await this.touched(trx, actor, survey, section.id);
      return { deleted: true as const };
    });
  }

  /** A copy at the end of the same section with a new code; its references to the original point at the copy. */
  async duplicate(actor: Actor, questionId: string): Promise<QuestionResponse> {
    return this.writes.onQuestion(questionId, async (trx) => {
      const { survey, section, question } = await this.access.questionForEdit(trx, actor, questionId);
      const codes = await this.reader.codesInVersion(trx, survey.latestVersionId);
      const [copy] = copiesWithCodes([contentOf(question)], codes);
      return this.append(trx, actor, survey, section, copy, codes.length);
    });
  }

  /** A question from the library or from another survey, appended without logic (`importQuestion`). */
  async import(actor: Actor, dto: ImportQuestionDto): Promise<QuestionResponse> {
    return this.writes.onSection(dto.targetSectionId, async (trx) => {
      const { survey, section } = await this.access.sectionForEdit(trx, actor, dto.targetSectionId);
      let content: QuestionContent;
      if (dto.libraryItemId) {
        const [item] = await this.library.findMany(trx, [dto.libraryItemId]);
        if (!item) throw notFound('Library entry');
        content = await this.sources.fromLibraryItem(trx, actor, item);
      } else if (dto.sourceSurveyId && dto.sourceSectionId && dto.sourceQuestionId) {
        content = await this.sources.fromSurvey(trx, actor, dto.sourceSurveyId, dto.sourceSectionId, dto.sourceQuestionId);
      } else {
        throw new BuilderError('INCOMPLETE_SOURCE', 'Give libraryItemId, or all of sourceSurveyId, sourceSectionId and sourceQuestionId');
      }
      const codes = await this.reader.codesInVersion(trx, survey.latestVersionId);
      const [coded] = withFreshCodes([content], codes);
      return this.append(trx, actor, survey, section, coded, codes.length);
    });
  }

  /**
   * Writes a question after the last one of the section, once the survey has room for it (a latest version of
   * `questionsInVersion` questions) and its content is within a question's limits (a copy or an import brings content
   * no request body checked).
   */
  private async append(
    trx: Trx,
    actor: Actor,
    survey: AccessibleSurvey,
    section: SnapshotSection,
    question: QuestionContent & { code: string },
    questionsInVersion: number,
  ) {
    assertWithinLimits(additionBreaches({ sections: 0, questions: questionsInVersion }, 0, [question], () => ''));
    const [id] = await this.writer.insertQuestions(trx, survey.latestVersionId, section.id, [
      { ...question, sortOrder: section.questions.length + 1 },
    ]);
    await this.touched(trx, actor, survey, section.id);
    return this.read(trx, id);
  }

  private async read(trx: Trx, questionId: string): Promise<QuestionResponse> {
    return questionResponse((await this.reader.question(trx, questionId))!);
  }

  private async touched(trx: Trx, actor: Actor, survey: AccessibleSurvey, sectionId: string): Promise<void> {
    await this.writer.touchSection(trx, sectionId);
    await this.surveys.update(trx, survey.id, {}, actor.id);
  }
}
