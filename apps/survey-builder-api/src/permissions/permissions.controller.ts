import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SurveyIdParam } from '../common/params';
import { type Actor, CurrentActor } from '../identity/actor';
import { ReplacePermissionsDto } from './permissions.dto';
import { PermissionsService } from './permissions.service';

@ApiTags('permissions')
@Controller('api/surveys/:surveyId/permissions')
export class PermissionsController {
  constructor(private readonly permissions: PermissionsService) {}

  @Get()
  list(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam) {
    return this.permissions.list(actor, surveyId);
  }

  @Put()
  replace(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam, @Body() body: ReplacePermissionsDto) {
    return this.permissions.replace(actor, surveyId, body);
  }
}
