import { Injectable } from '@nestjs/common';
import { BuilderDb } from '../database/builder-db';
import { renumberMapping, repointLogic } from '../domain/codes';
import type { BranchRule, VisibilityRule } from '../domain/model';
import type { Actor } from '../identity/actor';
import { SnapshotReadRepository } from '../snapshot/snapshot-read.repository';
import { SnapshotWriteRepository } from '../snapshot/snapshot-write.repository';
import type { SurveyResponse } from '../survey-core/dto/survey.response';
import { SurveyAccessService } from '../survey-core/survey-access.service';
import { SurveyDetailService } from '../survey-core/survey-detail.service';
import { SurveyRepository } from '../survey-core/survey.repository';
import { SurveyWrites } from '../survey-core/survey-writes.service';

interface RuleRow<T> {
  id: string;
  rule: T;
}

/** The rules whose references a renumber mapping changes, each with its re-pointed form. */
export function repointedRules(
  rules: { branch: RuleRow<BranchRule>[]; visibility: RuleRow<VisibilityRule>[] },
  mapping: ReadonlyMap<string, string>,
): { branch: RuleRow<BranchRule>[]; visibility: RuleRow<VisibilityRule>[] } {
  const changed = <T>(rows: RuleRow<T>[], repoint: (rule: T) => T) =>
    rows
      .map(({ id, rule }) => ({ id, rule: repoint(rule), before: rule }))
      .filter((r) => JSON.stringify(r.before) !== JSON.stringify(r.rule));
  return {
    branch: changed(rules.branch, (rule) => repointLogic({ branchRules: [rule], visibilityRules: [] }, mapping).branchRules[0]).map(
      ({ id, rule }) => ({ id, rule }),
    ),
    visibility: changed(
      rules.visibility,
      (rule) => repointLogic({ branchRules: [], visibilityRules: [rule] }, mapping).visibilityRules[0],
    ).map(({ id, rule }) => ({ id, rule })),
  };
}

/**
 * Renumbers codes (`renumberQuestions`) and re-points branch destinations and condition sources through the mapping
 * built from the codes before the change, each rule row once. A survey needing nothing is not written.
 */
@Injectable()
export class RenumberService {
  constructor(
    private readonly db: BuilderDb,
    private readonly writes: SurveyWrites,
    private readonly access: SurveyAccessService,
    private readonly surveys: SurveyRepository,
    private readonly reader: SnapshotReadRepository,
    private readonly writer: SnapshotWriteRepository,
    private readonly details: SurveyDetailService,
  ) {}

  async renumber(actor: Actor, surveyId: string): Promise<SurveyResponse> {
    return this.writes.onSurvey(surveyId, async (trx) => {
      const survey = await this.access.forEdit(trx, actor, surveyId);
      const mapping = renumberMapping(await this.reader.questionsInOrder(trx, survey.latestVersionId));
      if (mapping.size > 0) {
        await this.writer.recode(trx, survey.latestVersionId, mapping);
        const { branch, visibility } = repointedRules(await this.reader.rulesOfVersion(trx, survey.latestVersionId), mapping);
        await this.writer.updateRuleReferences(trx, branch, visibility);
        await this.surveys.update(trx, surveyId, {}, actor.id);
      }
      return this.details.detailById(trx, actor.id, surveyId);
    });
  }
}
