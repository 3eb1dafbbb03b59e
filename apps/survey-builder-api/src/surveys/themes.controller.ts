import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiBuilderResponse, ApiErrorResponses } from '@platform/contracts';
import { SurveyIdParam } from '../common/id-params';
import { type Actor, CurrentActor } from '../identity/actor';
import { ThemeAssistResponse, ThemeResponse } from './dto/survey-extras.response';
import { ThemeAssistDto, UpdateThemeDto } from './dto/theme.dto';
import { SurveyThemesService } from './survey-themes.service';

@ApiTags('Surveys')
@Controller('api')
export class ThemesController {
  constructor(private readonly themes: SurveyThemesService) {}

  @Get('surveys/:surveyId/theme')
  @ApiOperation({ operationId: 'getSurveyTheme', summary: 'Read a survey’s theme', description: 'In its structured form; needs view.' })
  @ApiBuilderResponse(200, ThemeResponse, 'The theme')
  @ApiErrorResponses({ 404: 'The survey does not exist, or the caller lacks view' })
  theme(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam): Promise<ThemeResponse> {
    return this.themes.theme(actor, surveyId);
  }

  @Patch('surveys/:surveyId/theme')
  @ApiOperation({ operationId: 'updateSurveyTheme', summary: 'Update a survey’s theme', description: 'Every field required; needs edit.' })
  @ApiBuilderResponse(200, ThemeResponse, 'The theme as stored')
  @ApiErrorResponses({ 404: 'The survey does not exist, or the caller lacks edit' })
  updateTheme(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam, @Body() body: UpdateThemeDto): Promise<ThemeResponse> {
    return this.themes.updateTheme(actor, surveyId, body);
  }

  @Post('theme-assists')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'suggestThemeContent',
    summary: 'Suggest categories, questions and sections for a theme',
    description: 'Callable before a survey exists.',
  })
  @ApiBuilderResponse(200, ThemeAssistResponse, 'Suggestions; at most five related questions')
  themeAssists(@Body() body: ThemeAssistDto): Promise<ThemeAssistResponse> {
    return this.themes.themeAssists(body);
  }
}
