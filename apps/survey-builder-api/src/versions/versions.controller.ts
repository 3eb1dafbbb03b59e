import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiBuilderResponse, ApiErrorResponses, builderEnvelope } from '@platform/contracts';
import { prepareAnswer, RawResponse, sendPrepared, streamedJsonArray } from '@platform/runtime';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SurveyIdParam, SurveyVersionParam } from '../common/id-params';
import { type Actor, CurrentActor } from '../identity/actor';
import { SurveyResponse, VersionResponse } from '../survey-core/dto/survey.response';
import { VersionDiffParams, VersionDiffResponse } from './dto/version-diff.dto';
import { VersionDiffService } from './version-diff.service';
import { VersionsService } from './versions.service';

const SURVEY_MISSING = { 404: 'The survey does not exist, is deleted, or the caller lacks the permission' };
const VERSION_MISSING = { 404: 'The survey or the version does not exist, or the caller lacks the permission' };

@ApiTags('Versions')
@Controller('api/surveys/:surveyId')
export class VersionsController {
  constructor(
    private readonly versions: VersionsService,
    private readonly diffs: VersionDiffService,
  ) {}

  @Post('save')
  @ApiOperation({
    operationId: 'saveSurveyVersion',
    summary: 'Save a new version',
    description:
      'Copies the whole latest version (the working copy) into a new version with stable ids kept, and makes it latest; answers the new version (versionNo N+1, sourceVersionId the version copied, which never changes again). Needs edit.',
  })
  @ApiBuilderResponse(201, VersionResponse, 'The new latest version, with its snapshot')
  @ApiErrorResponses(SURVEY_MISSING)
  @RawResponse()
  save(
    @CurrentActor() actor: Actor,
    @Param() { surveyId }: SurveyIdParam,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return this.saveAnswered(actor, surveyId, request, reply);
  }

  @Post('versions')
  @ApiOperation({ operationId: 'createSurveyVersion', summary: 'Save a new version (alias of save)' })
  @ApiBuilderResponse(201, VersionResponse, 'The new latest version, with its snapshot')
  @ApiErrorResponses(SURVEY_MISSING)
  @RawResponse()
  saveAlias(
    @CurrentActor() actor: Actor,
    @Param() { surveyId }: SurveyIdParam,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return this.saveAnswered(actor, surveyId, request, reply);
  }

  @Get('versions')
  @ApiOperation({
    operationId: 'listSurveyVersions',
    summary: 'List versions with their snapshots',
    description:
      'Ordered by version number; needs view. The answer is streamed a version at a time (chunked): a failure after its first bytes cuts it short, so a body that is not complete JSON is an error, never a shorter history.',
  })
  @ApiBuilderResponse(200, [VersionResponse], 'Every version')
  @ApiErrorResponses(SURVEY_MISSING)
  @RawResponse()
  async history(
    @CurrentActor() actor: Actor,
    @Param() { surveyId }: SurveyIdParam,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    const items = await this.versions.history(actor, surveyId);
    return streamedJsonArray(request, reply, { statusCode: 200, envelope: builderEnvelope, items });
  }

  @Post('versions/:versionNo/rollback')
  @ApiOperation({
    operationId: 'rollbackSurveyVersion',
    summary: 'Roll back to a version',
    description: 'A new version restoring versionNo; needs edit.',
  })
  @ApiBuilderResponse(201, VersionResponse, 'The new version, with rollbackFromVersionId')
  @ApiErrorResponses(VERSION_MISSING)
  rollback(@CurrentActor() actor: Actor, @Param() { surveyId, versionNo }: SurveyVersionParam): Promise<VersionResponse> {
    return this.versions.rollback(actor, surveyId, versionNo);
  }

  @Post('versions/:versionNo/duplicate')
  @ApiOperation({
    operationId: 'duplicateSurveyVersion',
    summary: 'Duplicate a version as a new survey',
    description: 'Version 1 of a new survey, permissions copied; needs view.',
  })
  @ApiBuilderResponse(201, SurveyResponse, 'The new survey')
  @ApiErrorResponses(VERSION_MISSING)
  duplicate(@CurrentActor() actor: Actor, @Param() { surveyId, versionNo }: SurveyVersionParam): Promise<SurveyResponse> {
    return this.versions.duplicate(actor, surveyId, versionNo);
  }

  @Get('versions/:fromNo/diff/:toNo')
  @ApiOperation({
    operationId: 'getSurveyVersionDiff',
    summary: 'Compare two versions',
    description:
      'Sections and questions added, removed, moved and changed, by stable ids; a renumber alone shows as renamed codes. Needs view.',
  })
  @ApiBuilderResponse(200, VersionDiffResponse, 'The differences from fromNo to toNo')
  @ApiErrorResponses({ 400: 'A version number is not digits, or the request is malformed', ...VERSION_MISSING })
  diff(@CurrentActor() actor: Actor, @Param() { surveyId, fromNo, toNo }: VersionDiffParams): Promise<VersionDiffResponse> {
    return this.diffs.diff(actor, surveyId, fromNo, toNo);
  }

  /**
   * A save's answer (a 1,000-question snapshot is 1.6 MB of JSON) is serialized and encoded while the database is
   * still copying the version, and sent once the copy has committed (docs/decisions.md, "A save answers the version it created").
   */
  private async saveAnswered(actor: Actor, surveyId: string, request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
    const prepared = await this.versions.save(actor, surveyId, (saved) => prepareAnswer(request, reply, 201, builderEnvelope(saved)));
    return sendPrepared(reply, prepared);
  }
}
