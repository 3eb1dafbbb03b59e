import { Injectable } from '@nestjs/common';
import { validationError } from '@platform/contracts';
import { assertWithinLimits, notFound } from '../builder.errors';
import { BuilderDb, type Trx } from '../database/builder-db';
import { copiesWithCodes, keepInternalLogic, withFreshCodes } from '../domain/codes';
import { draftQuestionsForSection, GENERATED_FROM_TITLE } from '../domain/initial-content';
import { additionBreaches } from '../domain/limits';
import type { QuestionContent } from '../domain/model';
import type { Actor } from '../identity/actor';
import { LibraryRepository } from '../question-sources/library.repository';
import { QuestionSourcesService, withoutLogic } from '../question-sources/question-sources.service';
import type { SectionResponse } from '../snapshot/dto/section.response';
import { contentOf, sectionResponse } from '../snapshot/snapshot.mapper';
import { SnapshotReadRepository } from '../snapshot/snapshot-read.repository';
import type { SnapshotSection } from '../snapshot/snapshot.types';
import { SnapshotWriteRepository } from '../snapshot/snapshot-write.repository';
import { SurveyAccessService } from '../survey-core/survey-access.service';
import { type AccessibleSurvey, SurveyRepository } from '../survey-core/survey.repository';
import {
  type AddSectionDto,
  DEFAULT_SECTION_DESCRIPTION,
  type ImportExternalSectionDto,
  type ImportSectionDto,
  type UpdateSectionDto,
} from './dto/section.dto';
import { SurveyWrites } from '../survey-core/survey-writes.service';

export const GENERATED_BY_IMPORT = 'import';
export const GENERATED_BY_LIBRARY = 'library';

type CodedQuestion = QuestionContent & { code: string };

/** Sections of the latest version (the Sections operations): add, change, move, delete, duplicate, import. */
@Injectable()
export class SectionsService {
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

  /** A section at the end of the latest version, with draft questions generated from its title. */
  async add(actor: Actor, surveyId: string, dto: AddSectionDto): Promise<SectionResponse> {
    return this.writes.onSurvey(surveyId, async (trx) => {
      const survey = await this.access.forEdit(trx, actor, surveyId);
      const draft = { title: dto.title, description: dto.description ?? DEFAULT_SECTION_DESCRIPTION, generatedBy: GENERATED_FROM_TITLE };
      const existing = await this.reader.codesInVersion(trx, survey.latestVersionId);
      return this.appendSection(trx, actor, survey, draft, withFreshCodes(draftQuestionsForSection(dto.title), existing), existing.length);
    });
  }

  async update(actor: Actor, sectionId: string, dto: UpdateSectionDto): Promise<SectionResponse> {
    return this.writes.onSection(sectionId, async (trx) => {
      const { survey, section } = await this.access.sectionForEdit(trx, actor, sectionId);
      await this.writer.updateSection(trx, sectionId, dto);
      if (dto.sortOrder !== undefined && dto.sortOrder !== section.sortOrder) {
        const count = await this.reader.sectionCount(trx, survey.latestVersionId);
        if (dto.sortOrder > count) throw validationError([{ field: 'sortOrder', message: `sortOrder must be between 1 and ${count}` }]);
        await this.writer.swapSectionPosition(trx, survey.latestVersionId, sectionId, section.sortOrder, dto.sortOrder);
      }
      await this.surveys.update(trx, survey.id, {}, actor.id);
      return sectionResponse((await this.reader.section(trx, sectionId))!);
    });
  }

  /** Hard delete from the latest version with its questions, choices and rules; earlier versions keep theirs. */
  async remove(actor: Actor, sectionId: string): Promise<{ deleted: true }> {
    return this.writes.onSection(sectionId, async (trx) => {
      const { survey, section } = await this.access.sectionForEdit(trx, actor, sectionId);
      await this.writer.deleteSection(trx, survey.latestVersionId, sectionId, section.sortOrder);
      await this.surveys.update(trx, survey.id, {}, actor.id);
      return { deleted: true as const };
    });
  }

  /** A copy at the end; references inside the copy to the original's questions point at their copies. */
  async duplicate(actor: Actor, sectionId: string): Promise<SectionResponse> {
    return this.writes.onSection(sectionId, async (trx) => {
      const { survey, section } = await this.access.sectionForEdit(trx, actor, sectionId);
      const existing = await this.reader.codesInVersion(trx, survey.latestVersionId);
      return this.appendSection(trx, actor, survey, section, copiesWithCodes(section.questions.map(contentOf), existing), existing.length);
    });
  }

  /**
   * A section of another survey (view needed) copied to the end of the target (edit needed). The source
   * is found by section id in the source's latest version, then by stable id there, then as a snapshot row
   * of any of the source survey's versions; every path is behind the view check. Logic that reaches
   * outside the section is dropped: it would point at unrelated questions in the target.
   */
  async import(actor: Actor, dto: ImportSectionDto): Promise<SectionResponse> {
    return this.writes.onSurvey(dto.targetSurveyId, async (trx) => {
      const target = await this.access.forEdit(trx, actor, dto.targetSurveyId);
      const source = await this.access.forView(trx, actor, dto.sourceSurveyId);
      const section = await this.findSourceSection(trx, source, dto.sourceSectionId);
      const codes = new Set(section.questions.map((q) => q.code));
      const questions = section.questions.map((q) => ({ ...contentOf(q), ...keepInternalLogic(q, codes) }));
      const existing = await this.reader.codesInVersion(trx, target.latestVersionId);
      const copies = copiesWithCodes(questions, existing);
      return this.appendSection(trx, actor, target, { ...section, generatedBy: GENERATED_BY_IMPORT }, copies, existing.length);
    });
  }

  /** One section built from library entries, in the order given, without logic (`importSectionFromLibrary`). */
  async importFromLibrary(actor: Actor, dto: ImportExternalSectionDto): Promise<SectionResponse> {
    return this.writes.onSurvey(dto.targetSurveyId, async (trx) => {
      const target = await this.access.forEdit(trx, actor, dto.targetSurveyId);
      const items = await this.library.findMany(trx, dto.libraryItemIds);
      const byId = new Map(items.map((item) => [item.id, item]));
      const missing = dto.libraryItemIds.find((id) => !byId.has(id));
      if (missing) throw notFound(`Library entry ${missing}`);
      const questions: QuestionContent[] = [];
      for (const id of dto.libraryItemIds) questions.push(await this.sources.fromLibraryItem(trx, actor, byId.get(id)!));
      const draft = { title: dto.sectionTitle, description: dto.sectionDescription ?? '', generatedBy: GENERATED_BY_LIBRARY };
      const existing = await this.reader.codesInVersion(trx, target.latestVersionId);
      const coded = withFreshCodes(questions.map(withoutLogic), existing);
      return this.appendSection(trx, actor, target, draft, coded, existing.length, (i) => `libraryItemIds.${i}`);
    });
  }

  /**
   * Writes a section after the last one of the latest version (which holds `questionsInVersion` questions); its questions
   * come with their codes. Refused when the survey has no room for the section or its questions, or when a question
   * brings more content than a question may hold (copies and imports bring content no request body checked); the
   * details name each question by `fieldOf` its position (the new section's questions, or the library entries sent).
   */
  private async appendSection(
    trx: Trx,
    actor: Actor,
    survey: AccessibleSurvey,
    section: { title: string; description: string; generatedBy: string },
    questions: CodedQuestion[],
    questionsInVersion: number,
    fieldOf = (index: number) => `questions.${index}`,
  ): Promise<SectionResponse> {
    const count = await this.reader.sectionCount(trx, survey.latestVersionId);
    assertWithinLimits(additionBreaches({ sections: count, questions: questionsInVersion }, 1, questions, fieldOf));
    const [sectionId] = await this.writer.insertSections(trx, survey.latestVersionId, [
      {
        title: section.title,
        description: section.description,
        generatedBy: section.generatedBy,
        sortOrder: count + 1,
        questions: questions.map((q, i) => ({ ...q, sortOrder: i + 1 })),
      },
    ]);
    await this.surveys.update(trx, survey.id, {}, actor.id);
    return sectionResponse((await this.reader.section(trx, sectionId))!);
  }

  private async findSourceSection(trx: Trx, source: AccessibleSurvey, sectionId: string): Promise<SnapshotSection> {
    const latest = await this.reader.load(trx, { versionIds: [source.latestVersionId] });
    const found = latest.find((s) => s.id === sectionId) ?? latest.find((s) => s.stableId === sectionId);
    if (found) return found;
    const place = await this.reader.placeOfSection(trx, sectionId);
    if (place?.surveyId !== source.id) throw notFound('Source section');
    return (await this.reader.section(trx, sectionId))!;
  }
}
