import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiBuilderResponse, ApiErrorResponses } from '@platform/contracts';
import { SurveyIdParam } from '../common/id-params';
import { type Actor, CurrentActor } from '../identity/actor';
import { LogicCheckQuery, LogicCheckResponse } from './dto/logic-check.dto';
import { LogicCheckService } from './logic-check.service';

@ApiTags('Surveys')
@Controller('api/surveys/:surveyId')
export class LogicCheckController {
  constructor(private readonly logic: LogicCheckService) {}

  @Get('logic-check')
  @ApiOperation({
    operationId: 'checkSurveyLogic',
    summary: 'Check a version’s branch and visibility logic',
    description:
      'Dangling references, backward and circular branches, unreachable questions, impossible conditions, intro sources, selection limits, codes off the scheme. Needs view.',
  })
  @ApiBuilderResponse(200, LogicCheckResponse, 'The issues found, in question order')
  @ApiErrorResponses({ 404: 'The survey or the version does not exist, or the caller lacks view' })
  check(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam, @Query() query: LogicCheckQuery): Promise<LogicCheckResponse> {
    return this.logic.check(actor, surveyId, query.versionNo);
  }
}
