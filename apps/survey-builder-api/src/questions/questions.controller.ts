import { Body, Controller, Delete, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { QuestionIdParam, SectionIdParam } from '../common/params';
import { AddQuestionDto, UpdateQuestionDto } from '../common/question.dto';
import { type Actor, CurrentActor } from '../identity/actor';
import { ImportQuestionDto } from './questions.dto';
import { QuestionsService } from './questions.service';

@ApiTags('questions')
@Controller('api')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Post('sections/:sectionId/questions')
  add(@CurrentActor() actor: Actor, @Param() { sectionId }: SectionIdParam, @Body() body: AddQuestionDto) {
    return this.questions.add(actor, sectionId, body);
  }

  @Post('questions/import')
  import(@CurrentActor() actor: Actor, @Body() body: ImportQuestionDto) {
    return this.questions.import(actor, body);
  }

  @Patch('questions/:questionId')
  update(@CurrentActor() actor: Actor, @Param() { questionId }: QuestionIdParam, @Body() body: UpdateQuestionDto) {
    return this.questions.update(actor, questionId, body);
  }

  @Delete('questions/:questionId')
  remove(@CurrentActor() actor: Actor, @Param() { questionId }: QuestionIdParam) {
    return this.questions.remove(actor, questionId);
  }

  @Post('questions/:questionId/duplicate')
  duplicate(@CurrentActor() actor: Actor, @Param() { questionId }: QuestionIdParam) {
    return this.questions.duplicate(actor, questionId);
  }
}
