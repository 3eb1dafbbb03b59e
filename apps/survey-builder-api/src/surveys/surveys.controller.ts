import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SurveyIdParam } from '../common/params';
import { type Actor, CurrentActor } from '../identity/actor';
import { CreateSurveyDto, FavoriteDto, ListSurveysQuery, SurveyCopyDto, ThemeAssistDto, UpdateSurveyDto, UpdateThemeDto } from './survey.dto';
import { SurveysService } from './surveys.service';

@ApiTags('surveys')
@Controller('api')
export class SurveysController {
  constructor(private readonly surveys: SurveysService) {}

  @Get('surveys')
  @ApiOkResponse({ description: 'Surveys the caller may see, favorites first.' })
  list(@CurrentActor() actor: Actor, @Query() query: ListSurveysQuery) {
    return this.surveys.list(actor, query);
  }

  @Post('surveys')
  @ApiCreatedResponse({ description: 'The new survey with version 1.' })
  create(@CurrentActor() actor: Actor, @Body() body: CreateSurveyDto) {
    return this.surveys.create(actor, body);
  }

  @Get('surveys/:surveyId')
  detail(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam) {
    return this.surveys.detail(actor, surveyId);
  }

  @Patch('surveys/:surveyId')
  update(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam, @Body() body: UpdateSurveyDto) {
    return this.surveys.update(actor, surveyId, body);
  }

  @Delete('surveys/:surveyId')
  @ApiOperation({ summary: 'Soft delete; creator or administrator only.' })
  remove(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam) {
    return this.surveys.remove(actor, surveyId);
  }

  @Get('surveys/:surveyId/theme')
  theme(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam) {
    return this.surveys.theme(actor, surveyId);
  }

  @Patch('surveys/:surveyId/theme')
  updateTheme(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam, @Body() body: UpdateThemeDto) {
    return this.surveys.updateTheme(actor, surveyId, body);
  }

  @Post('theme-assists')
  @HttpCode(200)
  themeAssists(@Body() body: ThemeAssistDto) {
    return this.surveys.themeAssists(body);
  }

  @Post('surveys/:surveyId/duplicate')
  duplicate(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam) {
    return this.surveys.duplicate(actor, surveyId);
  }

  @Post('survey-copies')
  copy(@CurrentActor() actor: Actor, @Body() body: SurveyCopyDto) {
    return this.surveys.copyFrom(actor, body);
  }

  @Post('surveys/:surveyId/questions/renumber')
  @HttpCode(200)
  renumber(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam) {
    return this.surveys.renumber(actor, surveyId);
  }

  @Post('surveys/:surveyId/archive')
  @HttpCode(200)
  archive(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam) {
    return this.surveys.archive(actor, surveyId);
  }

  @Post('surveys/:surveyId/export')
  @HttpCode(200)
  export(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam) {
    return this.surveys.export(actor, surveyId);
  }

  @Post('surveys/:surveyId/exports')
  @HttpCode(200)
  @ApiOperation({ summary: 'Alias of export.' })
  exports(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam) {
    return this.surveys.export(actor, surveyId);
  }

  @Put('surveys/:surveyId/favorite')
  @ApiOperation({ summary: 'Body {favorite: boolean}; answers {surveyId, favorite}.' })
  favorite(@CurrentActor() actor: Actor, @Param() { surveyId }: SurveyIdParam, @Body() body: FavoriteDto) {
    return this.surveys.setFavorite(actor, surveyId, body.favorite);
  }
}
