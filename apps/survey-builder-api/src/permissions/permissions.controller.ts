import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiBuilderResponse, ApiErrorResponses } from '@platform/contracts';
import { SurveyIdParam } from '../common/id-params';
import { type Actor, CurrentActor } from '../identity/actor';
import { PermissionResponse } from '../survey-core/dto/survey.response';
import { ReplacePermissionsDto } from './dto/permissions.dto';
import { PermissionsService } from './permissions.service';

@ApiTags('Permissions')
@Controller('api/surveys/:surveyId/permissions')
export class PermissionsController {
  constructor(private readonly permissions: PermissionsService) {}

  @Get()
  @ApiOperation({ operationId: 'listSurveyPermissions', summary: 'List a survey’s permissions', description: 'Needs view.' })
  @ApiBuilderResponse(200, [PermissionResponse], 'Every permission')
  @ApiErrorResponses({ 404: 'The survey does not exist, or the caller lacks view' })
  list(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam): Promise<PermissionResponse[]> {
    return this.permissions.list(actor, surveyId);
  }

  @Put()
  @ApiOperation({
    operationId: 'replaceSurveyPermissions',
    summary: 'Replace a survey’s permissions',
    description: 'The list sent becomes the whole list; needs edit.',
  })
  @ApiBuilderResponse(200, [PermissionResponse], 'The list as stored')
  @ApiErrorResponses({
    404: 'The survey does not exist or the caller lacks edit; USER_NOT_FOUND: a user does not exist; OWN_EDIT_PERMISSION_REQUIRED: a non-administrator left out their own edit permission',
  })
  replace(
    @CurrentActor() actor: Actor,
    @Param() { surveyId }: SurveyIdParam,
    @Body() body: ReplacePermissionsDto,
  ): Promise<PermissionResponse[]> {
    return this.permissions.replace(actor, surveyId, body);
  }
}
