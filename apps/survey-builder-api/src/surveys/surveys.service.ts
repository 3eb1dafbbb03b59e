import { Injectable } from '@nestjs/common';
import { BuilderError, notFound } from '../builder.errors';
import { BuilderDb } from '../database/builder-db';
import { nextFreeCodes } from '../domain/codes';
import { generateInitialContent } from '../domain/initial-content';
import { STATUS_ARCHIVED, STATUS_DRAFT, type SectionDraft } from '../domain/model';
import type { StoredTheme } from '../domain/theme';
import type { Actor } from '../identity/actor';
import type { SectionToInsert } from '../snapshot/snapshot.types';
import { SnapshotWriteRepository } from '../snapshot/snapshot-write.repository';
import type { SurveyResponse } from '../survey-core/dto/survey.response';
import { PermissionRepository } from '../survey-core/permission.repository';
import { SurveyAccessService } from '../survey-core/survey-access.service';
import { SurveyCopyService } from '../survey-core/survey-copy.service';
import { SurveyDetailService } from '../survey-core/survey-detail.service';
import { SurveyRepository } from '../survey-core/survey.repository';
import { surveyBasics } from '../survey-core/survey.mapper';
import { VersionRepository } from '../survey-core/version.repository';
import type { ListSurveysQuery } from './dto/list-surveys.query';
import type { CreateSurveyDto, UpdateSurveyDto } from './dto/survey.dto';
import type { SurveyCopyDto } from './dto/survey-copy.dto';
import type { FavoriteResponse, SurveyListEntryResponse } from './dto/survey-extras.response';
import { SurveyWrites } from '../survey-core/survey-writes.service';

/** Sections to write for drafts, with codes T1, T2 / Q1, Q2 in order, as renumbering would give. */
export function sectionsToInsert(drafts: SectionDraft[], existingCodes: string[] = [], firstSortOrder = 1): SectionToInsert[] {
  const codes = nextFreeCodes(
    existingCodes,
    drafts.flatMap((s) => s.questions.map((q) => q.questionType)),
  );
  let next = 0;
  return drafts.map((section, index) => ({
    title: section.title,
    description: section.description,
    generatedBy: section.generatedBy,
    sortOrder: firstSortOrder + index,
    questions: section.questions.map((q, position) => ({ ...q, code: codes[next++], sortOrder: position + 1 })),
  }));
}

/** Surveys themselves (the Surveys operations): list, create, read, change, delete, copy, favorite. */
@Injectable()
export class SurveysService {
  constructor(
    private readonly db: BuilderDb,
    private readonly writes: SurveyWrites,
    private readonly access: SurveyAccessService,
    private readonly surveys: SurveyRepository,
    private readonly versions: VersionRepository,
    private readonly permissions: PermissionRepository,
    private readonly snapshots: SnapshotWriteRepository,
    private readonly reader: SurveyDetailService,
    private readonly copier: SurveyCopyService,
  ) {}

  async list(actor: Actor, query: ListSurveysQuery): Promise<SurveyListEntryResponse[]> {
    const rows = await this.surveys.list(this.db, { ...query, userId: actor.id, isAdmin: actor.isAdmin });
    return rows.map((row) => ({ ...surveyBasics(row), favorite: row.favorite, sectionCount: row.sectionCount }));
  }

  /** Survey, version 1, latest pointer, the creator's edit permission and the first draft, in one transaction. */
  async create(actor: Actor, dto: CreateSurveyDto): Promise<SurveyResponse> {
    return this.db.transaction().execute(async (trx) => {
      const theme: StoredTheme = {
        title: dto.title,
        clientName: dto.clientName,
        objective: dto.objective,
        deliveryArea: dto.deliveryArea,
        category: dto.category,
        promptText: dto.promptText ?? '',
      };
      const surveyId = await this.surveys.insert(trx, { ...theme, status: STATUS_DRAFT }, actor.id);
      const version = await this.versions.insert(trx, {
        surveyId,
        versionNo: 1,
        status: STATUS_DRAFT,
        createdBy: actor.id,
        sourceVersionId: null,
        rollbackFromVersionId: null,
      });
      await this.surveys.pointToVersion(trx, surveyId, version.id, 1, actor.id);
      await this.permissions.grant(trx, surveyId, actor.id, 'edit');
      if (dto.generateInitialContent !== false) {
        await this.snapshots.insertSections(trx, version.id, sectionsToInsert(generateInitialContent(theme)));
      }
      return this.reader.detailById(trx, actor.id, surveyId);
    });
  }

  async detail(actor: Actor, surveyId: string): Promise<SurveyResponse> {
    return this.reader.detail(this.db, await this.access.forView(this.db, actor, surveyId));
  }

  async update(actor: Actor, surveyId: string, dto: UpdateSurveyDto): Promise<SurveyResponse> {
    return this.writes.onSurvey(surveyId, async (trx) => {
      await this.access.forEdit(trx, actor, surveyId);
      await this.surveys.update(trx, surveyId, dto, actor.id);
      return this.reader.detailById(trx, actor.id, surveyId);
    });
  }

  async archive(actor: Actor, surveyId: string): Promise<SurveyResponse> {
    return this.update(actor, surveyId, { status: STATUS_ARCHIVED });
  }

  /** Soft delete by the creator or an administrator (403 for anyone else, 404 when missing). */
  async remove(actor: Actor, surveyId: string): Promise<{ deleted: true }> {
    return this.writes.onSurvey(surveyId, async (trx) => {
      const survey = await this.surveys.findForUpdate(trx, surveyId, actor.id);
      if (!survey) throw notFound('Survey');
      if (!actor.isAdmin && survey.createdBy !== actor.id) {
        throw new BuilderError('FORBIDDEN', 'Only the creator of a survey or an administrator may delete it');
      }
      await this.surveys.softDelete(trx, surveyId, actor.id);
      return { deleted: true as const };
    });
  }

  async duplicate(actor: Actor, surveyId: string): Promise<SurveyResponse> {
    return this.db.transaction().execute(async (trx) => {
      const source = await this.access.forView(trx, actor, surveyId);
      const copyId = await this.copier.copy(trx, actor, source, source.latestVersionId);
      return this.reader.detailById(trx, actor.id, copyId);
    });
  }

  /** A new survey from a survey's latest version, or from the version numbered. */
  async copyFrom(actor: Actor, dto: SurveyCopyDto): Promise<SurveyResponse> {
    return this.db.transaction().execute(async (trx) => {
      const source = await this.access.forView(trx, actor, dto.sourceSurveyId);
      const versionId =
        dto.sourceVersionNo === undefined
          ? source.latestVersionId
          : (await this.versions.findByNumber(trx, source.id, dto.sourceVersionNo))?.id;
      if (!versionId) throw notFound('Survey version');
      const copyId = await this.copier.copy(trx, actor, source, versionId);
      return this.reader.detailById(trx, actor.id, copyId);
    });
  }

  async setFavorite(actor: Actor, surveyId: string, favorite: boolean): Promise<FavoriteResponse> {
    return this.writes.onSurvey(surveyId, async (trx) => {
      await this.access.forEdit(trx, actor, surveyId);
      await this.surveys.setFavorite(trx, surveyId, actor.id, favorite);
      return { surveyId, favorite };
    });
  }
}
