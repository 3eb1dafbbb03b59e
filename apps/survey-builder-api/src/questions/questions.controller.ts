import { Body, Controller, Delete, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiBuilderResponse, ApiErrorResponses } from '@platform/contracts';
import { DeletedResponse } from '../common/deleted.response';
import { QuestionIdParam, SectionIdParam } from '../common/id-params';
import { type Actor, CurrentActor } from '../identity/actor';
import { LIMIT_REFUSALS } from '../domain/limits';
import { QuestionResponse } from '../snapshot/dto/section.response';
import { AddQuestionDto, ImportQuestionDto, UpdateQuestionDto } from './dto/question.dto';
import { QuestionsService } from './questions.service';

const QUESTION_MISSING = { 404: 'The question is not in its survey’s latest version, or the caller lacks edit' };

@ApiTags('Questions')
@Controller('api')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Post('sections/:sectionId/questions')
  @ApiOperation({
    operationId: 'addQuestion',
    summary: 'Add a question',
    description: 'Appended to the section; booleans default to false.',
  })
  @ApiBuilderResponse(201, QuestionResponse, 'The new question')
  @ApiErrorResponses({
    400: `${LIMIT_REFUSALS.questions}; or the body is malformed (an array past its maxItems included)`,
    404: 'The section is not in its survey’s latest version, or the caller lacks edit',
    409: 'DUPLICATE_QUESTION_CODE: the code is already used in the survey',
  })
  add(@CurrentActor() actor: Actor, @Param() { sectionId }: SectionIdParam, @Body() body: AddQuestionDto): Promise<QuestionResponse> {
    return this.questions.add(actor, sectionId, body);
  }

  @Post('questions/import')
  @ApiOperation({
    operationId: 'importQuestion',
    summary: 'Import a question',
    description: 'From the library or another survey, appended without logic.',
  })
  @ApiBuilderResponse(201, QuestionResponse, 'The new question')
  @ApiErrorResponses({
    400: `INCOMPLETE_SOURCE: neither libraryItemId nor all three source ids; ${LIMIT_REFUSALS.questions}; ${LIMIT_REFUSALS.content}; or the body is malformed`,
    404: 'The target section, the library entry or the source does not exist, or the caller lacks the permission',
  })
  import(@CurrentActor() actor: Actor, @Body() body: ImportQuestionDto): Promise<QuestionResponse> {
    return this.questions.import(actor, body);
  }

  @Patch('questions/:questionId')
  @ApiOperation({
    operationId: 'updateQuestion',
    summary: 'Update or move a question',
    description: 'Arrays sent replace the stored ones; choice ids change every time.',
  })
  @ApiBuilderResponse(200, QuestionResponse, 'The question')
  @ApiErrorResponses({
    400: 'INTRO_QUESTION_AS_CONDITION_SOURCE, or the body is malformed',
    ...QUESTION_MISSING,
    409: 'DUPLICATE_QUESTION_CODE: the new code is already used in the survey',
  })
  update(
    @CurrentActor() actor: Actor,
    @Param() { questionId }: QuestionIdParam,
    @Body() body: UpdateQuestionDto,
  ): Promise<QuestionResponse> {
    return this.questions.update(actor, questionId, body);
  }

  @Delete('questions/:questionId')
  @ApiOperation({
    operationId: 'deleteQuestion',
    summary: 'Delete a question',
    description: 'With its choices and rules; rules elsewhere are not repaired.',
  })
  @ApiBuilderResponse(200, DeletedResponse, 'Deleted')
  @ApiErrorResponses(QUESTION_MISSING)
  remove(@CurrentActor() actor: Actor, @Param() { questionId }: QuestionIdParam): Promise<DeletedResponse> {
    return this.questions.remove(actor, questionId);
  }

  @Post('questions/:questionId/duplicate')
  @ApiOperation({
    operationId: 'duplicateQuestion',
    summary: 'Duplicate a question',
    description: 'At the end of its section, with a new code.',
  })
  @ApiBuilderResponse(201, QuestionResponse, 'The copy')
  @ApiErrorResponses({ 400: `${LIMIT_REFUSALS.questions}; ${LIMIT_REFUSALS.content}; or the request is malformed`, ...QUESTION_MISSING })
  duplicate(@CurrentActor() actor: Actor, @Param() { questionId }: QuestionIdParam): Promise<QuestionResponse> {
    return this.questions.duplicate(actor, questionId);
  }
}
