import { Injectable } from '@nestjs/common';
import { BuilderDb } from '../database/builder-db';
import { normalizedPayloadOf } from '../domain/library-payload';
import { STATUS_EXPORTED } from '../domain/model';
import type { Actor } from '../identity/actor';
import { LibraryRepository, type NewLibraryItem } from '../question-sources/library.repository';
import { contentOf } from '../snapshot/snapshot.mapper';
import { SnapshotReadRepository } from '../snapshot/snapshot-read.repository';
import type { SnapshotSection } from '../snapshot/snapshot.types';
import { SurveyAccessService } from '../survey-core/survey-access.service';
import { SurveyRepository, type SurveyRow } from '../survey-core/survey.repository';
import { VersionRepository } from '../survey-core/version.repository';
import type { ExportResponse } from './dto/survey-extras.response';
import { SurveyWrites } from '../survey-core/survey-writes.service';

/** The library entries an export registers: one per question of the latest version. */
export function libraryEntriesOf(survey: SurveyRow, sections: SnapshotSection[], createdBy: string): NewLibraryItem[] {
  return sections.flatMap((section) =>
    section.questions.map((q) => ({
      sourceSurveyId: survey.id,
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
      createdBy,
    })),
  );
}

/** Export (`exportSurvey`): the questionnaire as JSON, the survey marked exported, its library entries replaced. */
@Injectable()
export class SurveyExportService {
  constructor(
    private readonly db: BuilderDb,
    private readonly writes: SurveyWrites,
    private readonly access: SurveyAccessService,
    private readonly surveys: SurveyRepository,
    private readonly versions: VersionRepository,
    private readonly snapshots: SnapshotReadRepository,
    private readonly library: LibraryRepository,
  ) {}

  async export(actor: Actor, surveyId: string): Promise<ExportResponse> {
    return this.writes.onSurvey(surveyId, async (trx) => {
      const survey = await this.access.forEdit(trx, actor, surveyId);
      await this.surveys.update(trx, surveyId, { status: STATUS_EXPORTED }, actor.id);
      await this.versions.setStatus(trx, survey.latestVersionId, STATUS_EXPORTED);
      const sections = await this.snapshots.load(trx, { versionIds: [survey.latestVersionId] });
      await this.library.replaceForSurvey(trx, surveyId, libraryEntriesOf(survey, sections, actor.id));
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
}
