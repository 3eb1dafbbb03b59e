import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SurveyAccess } from '../access/survey-access';
import { BuilderError, notFound } from '../builder-error';
import { nextFreeCodes, renumberMapping, repointLogic } from '../domain/codes';
import { generateInitialContent } from '../domain/initial-content';
import { normalizedPayloadOf } from '../domain/library-payload';
import { STATUS_ARCHIVED, STATUS_DRAFT, STATUS_EXPORTED, type SectionDraft } from '../domain/model';
import { categoriesOf, type StoredTheme, themeFieldText, toStoredTheme, toStructuredTheme } from '../domain/theme';
import { keywordsOf, RELATED_QUESTION_LIMIT } from '../domain/theme-assist';
import type { Actor } from '../identity/actor';
import { LibraryRepository } from '../library/library.repository';
import { PermissionsRepository } from '../permissions/permissions.repository';
import { contentOf } from '../snapshot/snapshot.mapper';
import { type SectionToInsert, SnapshotRepository } from '../snapshot/snapshot.repository';
import { VersionsRepository } from '../versions/versions.repository';
import type { CreateSurveyDto, ListSurveysQuery, SurveyCopyDto, ThemeAssistDto, UpdateSurveyDto, UpdateThemeDto } from './survey.dto';
import { SurveyCopier } from './survey-copier';
import { surveyBasics, SurveyReader } from './survey-reader';
import { type AccessibleSurvey, SurveysRepository } from './surveys.repository';

/** Sections to write for drafts, with codes T1, T2 / Q1, Q2 in order, as renumbering would give. */
export function sectionsToInsert(drafts: SectionDraft[], existingCodes: string[] = [], firstSortOrder = 1): SectionToInsert[] {
  const codes = nextFreeCodes(existingCodes, drafts.flatMap((s) => s.questions.map((q) => q.questionType)));
  let next = 0;
  return drafts.map((section, index) => ({
    title: section.title,
    description: section.description,
    generatedBy: section.generatedBy,
    sortOrder: firstSortOrder + index,
    questions: section.questions.map((q, position) => ({ ...q, code: codes[next++], sortOrder: position + 1 })),
  }));
}

@Injectable()
export class SurveysService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: SurveyAccess,
    private readonly surveys: SurveysRepository,
    private readonly versions: VersionsRepository,
    private readonly permissions: PermissionsRepository,
    private readonly snapshots: SnapshotRepository,
    private readonly library: LibraryRepository,
    private readonly reader: SurveyReader,
    private readonly copier: SurveyCopier,
  ) {}

  async list(actor: Actor, query: ListSurveysQuery) {
    const rows = await this.surveys.list(this.dataSource.manager, { ...query, userId: actor.id, isAdmin: actor.isAdmin });
    return rows.map((row) => ({ ...surveyBasics(row), favorite: row.favorite, sectionCount: row.sectionCount }));
  }

  /** Survey, version 1, latest pointer, the creator's edit permission and the first draft, in one transaction. */
  async create(actor: Actor, dto: CreateSurveyDto) {
    return this.dataSource.transaction(async (manager) => {
      const theme: StoredTheme = { ...dto, promptText: dto.promptText ?? '' };
      const surveyId = await this.surveys.insert(manager, { ...theme, status: STATUS_DRAFT }, actor.id);
      const version = await this.versions.insert(manager, {
        surveyId,
        versionNo: 1,
        status: STATUS_DRAFT,
        createdBy: actor.id,
        sourceVersionId: null,
        rollbackFromVersionId: null,
      });
      await this.surveys.pointToVersion(manager, surveyId, version.id, 1, actor.id);
      await this.permissions.grant(manager, surveyId, actor.id, 'edit');
      if (dto.generateInitialContent !== false) {
        await this.snapshots.insertSections(manager, version.id, sectionsToInsert(generateInitialContent(theme)));
      }
      return this.detailOf(manager, actor, surveyId);
    });
  }

  async detail(actor: Actor, surveyId: string) {
    const manager = this.dataSource.manager;
    return this.reader.detail(manager, await this.access.forView(manager, actor, surveyId));
  }

  async update(actor: Actor, surveyId: string, dto: UpdateSurveyDto) {
    return this.dataSource.transaction(async (manager) => {
      await this.access.forEdit(manager, actor, surveyId);
      await this.surveys.update(manager, surveyId, dto, actor.id);
      return this.detailOf(manager, actor, surveyId);
    });
  }

  /** Soft delete by the creator or an administrator (403 for anyone else, 404 when missing). */
  async remove(actor: Actor, surveyId: string) {
    return this.dataSource.transaction(async (manager) => {
      const survey = await this.surveys.find(manager, surveyId, actor.id, true);
      if (!survey) throw notFound('Survey');
      if (!actor.isAdmin && survey.createdBy !== actor.id) {
        throw new BuilderError('FORBIDDEN', 'Only the creator of a survey or an administrator may delete it');
      }
      await this.surveys.softDelete(manager, surveyId, actor.id);
      return { deleted: true };
    });
  }

  async theme(actor: Actor, surveyId: string) {
    const survey = await this.access.forView(this.dataSource.manager, actor, surveyId);
    return { ...toStructuredTheme(survey), status: survey.status };
  }

  async updateTheme(actor: Actor, surveyId: string, dto: UpdateThemeDto) {
    return this.dataSource.transaction(async (manager) => {
      await this.access.forEdit(manager, actor, surveyId);
      await this.surveys.update(manager, surveyId, toStoredTheme(dto), actor.id);
      const survey = await this.access.forView(manager, actor, surveyId);
      return { ...toStructuredTheme(survey), status: survey.status };
    });
  }

  /** Suggestions for a theme, before or after a survey exists (spec 4.1). */
  async themeAssists(dto: ThemeAssistDto) {
    const theme: StoredTheme = {
      title: dto.title,
      clientName: dto.clientName,
      objective: themeFieldText(dto.objective),
      deliveryArea: themeFieldText(dto.deliveryArea),
      category: themeFieldText(dto.category),
      promptText: dto.promptText ?? '',
    };
    const selected = dto.selectedCategories ?? categoriesOf(theme.category);
    const keywords = keywordsOf(theme.title, theme.objective, theme.category, theme.promptText, ...selected);
    const related = await this.library.related(this.dataSource.manager, keywords, RELATED_QUESTION_LIMIT);
    const unique = (items: string[]) => [...new Set(items.filter(Boolean))];
    return {
      suggestedCategories: unique([...selected, ...related.map((r) => r.category)]),
      relatedQuestions: related.map((r) => ({
        id: r.id,
        category: r.category,
        sectionTitle: r.sectionTitle,
        promptText: r.normalizedPayload.promptText,
        questionType: r.questionType,
      })),
      recommendedSections: unique([...generateInitialContent(theme).map((s) => s.title), ...related.map((r) => r.sectionTitle)]),
    };
  }

  async duplicate(actor: Actor, surveyId: string) {
    return this.dataSource.transaction(async (manager) => {
      const source = await this.access.forView(manager, actor, surveyId);
      const copyId = await this.copier.copy(manager, actor, source, source.latestVersionId);
      return this.detailOf(manager, actor, copyId);
    });
  }

  /** A new survey from a survey's latest version, or from the version numbered. */
  async copyFrom(actor: Actor, dto: SurveyCopyDto) {
    return this.dataSource.transaction(async (manager) => {
      const source = await this.access.forView(manager, actor, dto.sourceSurveyId);
      const versionId =
        dto.sourceVersionNo === undefined
          ? source.latestVersionId
          : (await this.versions.findByNumber(manager, source.id, dto.sourceVersionNo))?.id;
      if (!versionId) throw notFound('Survey version');
      const copyId = await this.copier.copy(manager, actor, source, versionId);
      return this.detailOf(manager, actor, copyId);
    });
  }

  /**
   * Renumbers codes (spec 2) and re-points branch destinations and condition sources through the mapping
   * built from the codes before the change, each rule row once. A survey needing nothing is not written.
   */
  async renumber(actor: Actor, surveyId: string) {
    return this.dataSource.transaction(async (manager) => {
      const survey = await this.access.forEdit(manager, actor, surveyId);
      const mapping = renumberMapping(await this.snapshots.questionsInOrder(manager, survey.latestVersionId));
      if (mapping.size > 0) {
        await this.snapshots.recode(manager, survey.latestVersionId, mapping);
        const rules = await this.snapshots.rulesOfVersion(manager, survey.latestVersionId);
        const changed = <T>(rows: Array<{ id: string; rule: T }>, repoint: (rule: T) => T) =>
          rows.map(({ id, rule }) => ({ id, rule, next: repoint(rule) })).filter((r) => JSON.stringify(r.rule) !== JSON.stringify(r.next));
        const branch = changed(rules.branch, (rule) => repointLogic({ branchRules: [rule], visibilityRules: [] }, mapping).branchRules[0]);
        const visibility = changed(rules.visibility, (rule) => repointLogic({ branchRules: [], visibilityRules: [rule] }, mapping).visibilityRules[0]);
        await this.snapshots.updateRuleReferences(
          manager,
          branch.map((r) => ({ id: r.id, rule: r.next })),
          visibility.map((r) => ({ id: r.id, rule: r.next })),
        );
        await this.surveys.update(manager, surveyId, {}, actor.id);
      }
      return this.detailOf(manager, actor, surveyId);
    });
  }

  async archive(actor: Actor, surveyId: string) {
    return this.update(actor, surveyId, { status: STATUS_ARCHIVED });
  }

  /**
   * The questionnaire as JSON; the survey and its latest version become 出力済み and the survey's library
   * entries are replaced from its current questions, all in one transaction.
   */
  async export(actor: Actor, surveyId: string) {
    return this.dataSource.transaction(async (manager) => {
      const survey = await this.access.forEdit(manager, actor, surveyId);
      await this.surveys.update(manager, surveyId, { status: STATUS_EXPORTED }, actor.id);
      await this.versions.setStatus(manager, survey.latestVersionId, STATUS_EXPORTED);
      const sections = await this.snapshots.load(manager, { versionIds: [survey.latestVersionId] });
      await this.library.replaceForSurvey(
        manager,
        surveyId,
        sections.flatMap((section) =>
          section.questions.map((q) => ({
            sourceSurveyId: surveyId,
            sourceSurveyTitle: survey.title,
            sourceQuestionId: q.stableId,
            sourceSectionId: section.stableId,
            sourceExternalSurveyId: null,
            sourceExternalSurveyName: null,
            sourceExternalQuestionId: null,
            category: survey.category,
            sectionTitle: section.title,
            questionType: q.questionType,
            normalizedPayload: normalizedPayloadOf(q),
            createdBy: actor.id,
          })),
        ),
      );
      return {
        surveyId,
        title: survey.title,
        status: STATUS_EXPORTED,
        exportedAt: new Date().toISOString(),
        metadata: {
          clientName: survey.clientName,
          objective: survey.objective,
          deliveryArea: survey.deliveryArea,
          category: survey.category,
          promptText: survey.promptText,
          latestVersionNo: survey.latestVersionNo,
        },
        sections: sections.map((section) => ({
          title: section.title,
          description: section.description,
          generatedBy: section.generatedBy,
          questions: section.questions.map(contentOf),
        })),
      };
    });
  }

  async setFavorite(actor: Actor, surveyId: string, favorite: boolean) {
    return this.dataSource.transaction(async (manager) => {
      await this.access.forEdit(manager, actor, surveyId);
      await this.surveys.setFavorite(manager, surveyId, actor.id, favorite);
      return { surveyId, favorite };
    });
  }

  /** The detail of a survey just written in this transaction (the caller may see it by construction). */
  private async detailOf(manager: EntityManager, actor: Actor, surveyId: string) {
    const survey: AccessibleSurvey | undefined = await this.surveys.find(manager, surveyId, actor.id, false);
    if (!survey) throw notFound('Survey');
    return this.reader.detail(manager, survey);
  }
}

