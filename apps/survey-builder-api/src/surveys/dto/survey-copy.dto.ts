import { ApiSchema } from '@nestjs/swagger';
import { IntField, UuidField } from '@platform/contracts';

@ApiSchema({ description: 'Which survey, and which of its versions, to copy into a new survey.' })
export class SurveyCopyDto {
  @UuidField({ description: 'The survey to copy; the caller needs view on it' }) sourceSurveyId!: string;
  @IntField({ optional: true, min: 1, max: 2_147_483_647, description: 'The version to copy; the latest when omitted', example: 2 })
  sourceVersionNo?: number;
}
