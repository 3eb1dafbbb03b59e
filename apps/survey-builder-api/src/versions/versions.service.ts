import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SurveyAccess } from '../access/survey-access';
import { notFound } from '../builder-error';
import type { Actor } from '../identity/actor';
import { sectionResponse } from '../snapshot/snapshot.mapper';
import { SnapshotRepository } from '../snapshot/snapshot.repository';
import { SurveyCopier } from '../surveys/survey-copier';
import { SurveyReader, versionResponse } from '../surveys/survey-reader';
import { SurveysRepository, type SurveyRow } from '../surveys/surveys.repository';
import { type VersionRow, VersionsRepository } from './versions.repository';

/**
 * Versions (spec 4.2). A save copies the whole latest version into a new one and makes it latest; a rollback
 * does the same from an older version and records where it came from. The survey row is locked first, so
 * concurrent saves get consecutive numbers, never the same one.
 */
@Injectable()
export class VersionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: SurveyAccess,
    private readonly surveys: SurveysRepository,
    private readonly versions: VersionsRepository,
    private readonly snapshots: SnapshotRepository,
    private readonly copier: SurveyCopier,
    private readonly reader: SurveyReader,
  ) {}

  async history(actor: Actor, surveyId: string) {
    const manager = this.dataSource.manager;
    await this.access.forView(manager, actor, surveyId);
    const versions = await this.versions.list(manager, surveyId);
    const sections = await this.snapshots.load(manager, { versionIds: versions.map((v) => v.id) });
    return versions.map((v) => versionResponse(v, sections.filter((s) => s.versionId === v.id).map(sectionResponse)));
  }

  async save(actor: Actor, surveyId: string) {
    return this.dataSource.transaction(async (manager) => {
      const survey = await this.access.forEdit(manager, actor, surveyId);
      return this.newVersionFrom(manager, actor, survey, survey.latestVersionId, null);
    });
  }

  async rollback(actor: Actor, surveyId: string, versionNo: number) {
    return this.dataSource.transaction(async (manager) => {
      const survey = await this.access.forEdit(manager, actor, surveyId);
      const target = await this.versionOf(manager, survey.id, versionNo);
      return this.newVersionFrom(manager, actor, survey, target.id, target.id);
    });
  }

  /** A new survey from one version of this one (answers the Survey, not a version). */
  async duplicate(actor: Actor, surveyId: string, versionNo: number) {
    return this.dataSource.transaction(async (manager) => {
      const survey = await this.access.forView(manager, actor, surveyId);
      const version = await this.versionOf(manager, survey.id, versionNo);
      const copyId = await this.copier.copy(manager, actor, survey, version.id);
      const copy = await this.surveys.find(manager, copyId, actor.id, false);
      return this.reader.detail(manager, copy!);
    });
  }

  private async newVersionFrom(manager: EntityManager, actor: Actor, survey: SurveyRow, fromVersionId: string, rollbackFromVersionId: string | null) {
    const version = await this.versions.insert(manager, {
      surveyId: survey.id,
      versionNo: survey.latestVersionNo + 1,
      status: survey.status,
      createdBy: actor.id,
      sourceVersionId: fromVersionId,
      rollbackFromVersionId,
    });
    await this.snapshots.copyVersion(manager, fromVersionId, version.id);
    await this.surveys.pointToVersion(manager, survey.id, version.id, version.versionNo, actor.id);
    const sections = await this.snapshots.load(manager, { versionIds: [version.id] });
    return versionResponse(version, sections.map(sectionResponse));
  }

  private async versionOf(manager: EntityManager, surveyId: string, versionNo: number): Promise<VersionRow> {
    const version = await this.versions.findByNumber(manager, surveyId, versionNo);
    if (!version) throw notFound('Survey version');
    return version;
  }
}
