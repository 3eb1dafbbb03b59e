import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { validationError } from '@platform/contracts';
import { SurveyAccess } from '../access/survey-access';
import { notFound } from '../builder-error';
import { copiesWithCodes, keepInternalLogic, withFreshCodes } from '../domain/codes';
import { draftQuestionsForSection, GENERATED_FROM_TITLE } from '../domain/initial-content';
import type { QuestionContent } from '../domain/model';
import type { Actor } from '../identity/actor';
import { LibraryRepository } from '../library/library.repository';
import { withoutLogic, QuestionSources } from '../snapshot/question-sources';
import { contentOf, sectionResponse } from '../snapshot/snapshot.mapper';
import { SnapshotRepository, type SnapshotSection } from '../snapshot/snapshot.repository';
import { type AccessibleSurvey, SurveysRepository } from '../surveys/surveys.repository';
import type { AddSectionDto, ImportExternalSectionDto, ImportSectionDto, UpdateSectionDto } from './sections.dto';

export const DEFAULT_SECTION_DESCRIPTION = '新規追加セクション';
export const GENERATED_BY_IMPORT = 'import';
export const GENERATED_BY_LIBRARY = 'library';

type CodedQuestion = QuestionContent & { code: string };

@Injectable()
export class SectionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: SurveyAccess,
    private readonly surveys: SurveysRepository,
    private readonly snapshots: SnapshotRepository,
    private readonly library: LibraryRepository,
    private readonly sources: QuestionSources,
  ) {}

  /** A section at the end of the latest version, with draft questions generated from its title. */
  async add(actor: Actor, surveyId: string, dto: AddSectionDto) {
    return this.dataSource.transaction(async (manager) => {
      const survey = await this.access.forEdit(manager, actor, surveyId);
      const draft = { title: dto.title, description: dto.description ?? DEFAULT_SECTION_DESCRIPTION, generatedBy: GENERATED_FROM_TITLE };
      return this.appendSection(manager, actor, survey, draft, withFreshCodes(draftQuestionsForSection(dto.title), await this.snapshots.codesInVersion(manager, survey.latestVersionId)));
    });
  }

  async update(actor: Actor, sectionId: string, dto: UpdateSectionDto) {
    return this.dataSource.transaction(async (manager) => {
      const { survey, section } = await this.access.sectionForEdit(manager, actor, sectionId);
      await this.snapshots.updateSection(manager, sectionId, dto);
      if (dto.sortOrder !== undefined && dto.sortOrder !== section.sortOrder) {
        const count = await this.snapshots.sectionCount(manager, survey.latestVersionId);
        if (dto.sortOrder > count) throw validationError([{ field: 'sortOrder', message: `sortOrder must be between 1 and ${count}` }]);
        await this.snapshots.swapPosition(manager, 'section', survey.latestVersionId, sectionId, section.sortOrder, dto.sortOrder);
      }
      await this.surveys.update(manager, survey.id, {}, actor.id);
      return sectionResponse((await this.snapshots.load(manager, { sectionIds: [sectionId] }))[0]);
    });
  }

  /** Hard delete from the latest version with its questions, choices and rules; earlier versions keep theirs. */
  async remove(actor: Actor, sectionId: string) {
    return this.dataSource.transaction(async (manager) => {
      const { survey, section } = await this.access.sectionForEdit(manager, actor, sectionId);
      await this.snapshots.deleteAndCompact(manager, 'section', survey.latestVersionId, sectionId, section.sortOrder);
      await this.surveys.update(manager, survey.id, {}, actor.id);
      return { deleted: true };
    });
  }

  /** A copy at the end; references inside the copy to the original's questions point at their copies. */
  async duplicate(actor: Actor, sectionId: string) {
    return this.dataSource.transaction(async (manager) => {
      const { survey, section } = await this.access.sectionForEdit(manager, actor, sectionId);
      const existing = await this.snapshots.codesInVersion(manager, survey.latestVersionId);
      return this.appendSection(manager, actor, survey, section, copiesWithCodes(section.questions.map(contentOf), existing));
    });
  }

  /**
   * A section of another survey (view needed) copied to the end of the target (edit needed). The source
   * is found by section id in the source's latest version, then by stable id there, then as a snapshot row
   * of any of the source survey's versions; every path is behind the view check. Logic that reaches
   * outside the section is dropped: it would point at unrelated questions in the target.
   */
  async import(actor: Actor, dto: ImportSectionDto) {
    return this.dataSource.transaction(async (manager) => {
      const target = await this.access.forEdit(manager, actor, dto.targetSurveyId);
      const source = await this.access.forView(manager, actor, dto.sourceSurveyId);
      const section = await this.findSourceSection(manager, source, dto.sourceSectionId);
      const codes = new Set(section.questions.map((q) => q.code));
      const questions = section.questions.map((q) => ({ ...contentOf(q), ...keepInternalLogic(q, codes) }));
      const copies = copiesWithCodes(questions, await this.snapshots.codesInVersion(manager, target.latestVersionId));
      return this.appendSection(manager, actor, target, { ...section, generatedBy: GENERATED_BY_IMPORT }, copies);
    });
  }

  /** One section built from library entries, in the order given, without logic (spec 4.3). */
  async importFromLibrary(actor: Actor, dto: ImportExternalSectionDto) {
    return this.dataSource.transaction(async (manager) => {
      const target = await this.access.forEdit(manager, actor, dto.targetSurveyId);
      const items = await this.library.findMany(manager, dto.libraryItemIds);
      const byId = new Map(items.map((item) => [item.id, item]));
      const missing = dto.libraryItemIds.find((id) => !byId.has(id));
      if (missing) throw notFound(`Library entry ${missing}`);
      const questions: QuestionContent[] = [];
      for (const id of dto.libraryItemIds) questions.push(await this.sources.fromLibraryItem(manager, actor, byId.get(id)!));
      const draft = { title: dto.sectionTitle, description: dto.sectionDescription ?? '', generatedBy: GENERATED_BY_LIBRARY };
      return this.appendSection(manager, actor, target, draft, withFreshCodes(questions.map(withoutLogic), await this.snapshots.codesInVersion(manager, target.latestVersionId)));
    });
  }

  /** Writes a section after the last one of the latest version; its questions come with their codes. */
  private async appendSection(
    manager: EntityManager,
    actor: Actor,
    survey: AccessibleSurvey,
    section: { title: string; description: string; generatedBy: string },
    questions: CodedQuestion[],
  ) {
    const count = await this.snapshots.sectionCount(manager, survey.latestVersionId);
    const [sectionId] = await this.snapshots.insertSections(manager, survey.latestVersionId, [
      {
        title: section.title,
        description: section.description,
        generatedBy: section.generatedBy,
        sortOrder: count + 1,
        questions: questions.map((q, i) => ({ ...q, sortOrder: i + 1 })),
      },
    ]);
    await this.surveys.update(manager, survey.id, {}, actor.id);
    return sectionResponse((await this.snapshots.load(manager, { sectionIds: [sectionId] }))[0]);
  }

  private async findSourceSection(manager: EntityManager, source: AccessibleSurvey, sectionId: string): Promise<SnapshotSection> {
    const latest = await this.snapshots.load(manager, { versionIds: [source.latestVersionId] });
    const found = latest.find((s) => s.id === sectionId) ?? latest.find((s) => s.stableId === sectionId);
    if (found) return found;
    const [row] = await this.snapshots.load(manager, { sectionIds: [sectionId] });
    const [owner] = row
      ? await manager.query<Array<{ survey_id: string }>>(`SELECT survey_id FROM survey_version WHERE id = $1`, [row.versionId])
      : [];
    if (!row || owner?.survey_id !== source.id) throw notFound('Source section');
    return row;
  }
}
