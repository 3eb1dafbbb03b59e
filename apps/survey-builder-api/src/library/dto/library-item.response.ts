import { ApiProperty } from '@nestjs/swagger';
import { QUESTION_TYPES } from '../../domain/model';

export class PayloadChoiceResponse {
  @ApiProperty() label!: string;
  @ApiProperty() isExclusive!: boolean;
  @ApiProperty() allowOtherInput!: boolean;
  @ApiProperty() isNotApplicable!: boolean;
}

export class PayloadLabelResponse {
  @ApiProperty() label!: string;
}

export class PayloadSubQuestionResponse {
  @ApiProperty() label!: string;
  @ApiProperty({ type: [PayloadLabelResponse] }) options!: PayloadLabelResponse[];
}

/** What an entry keeps of a question: text and choices, never logic (spec 2). */
export class NormalizedPayloadResponse {
  @ApiProperty() promptText!: string;
  @ApiProperty({ type: [PayloadChoiceResponse] }) options!: PayloadChoiceResponse[];
  @ApiProperty({ type: [PayloadLabelResponse], description: 'Labels only, such as matrix columns' }) subItems!: PayloadLabelResponse[];
  @ApiProperty({ type: [PayloadSubQuestionResponse] }) subQuestions!: PayloadSubQuestionResponse[];
}

export class LibraryItemResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) sourceSurveyId!: string | null;
  @ApiProperty({ type: String, nullable: true }) sourceSurveyTitle!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The stable id of the source question' }) sourceQuestionId!:
    string | null;
  @ApiProperty() sourceSectionId!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) sourceExternalSurveyId!: string | null;
  @ApiProperty({ type: String, nullable: true }) sourceExternalSurveyName!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) sourceExternalQuestionId!: string | null;
  @ApiProperty() category!: string;
  @ApiProperty() sectionTitle!: string;
  @ApiProperty({ enum: QUESTION_TYPES }) questionType!: string;
  @ApiProperty({ type: NormalizedPayloadResponse }) normalizedPayload!: NormalizedPayloadResponse;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) createdBy!: string | null;
}
