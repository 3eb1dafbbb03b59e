import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { QUESTION_TYPES } from '../../domain/model';

@ApiSchema({ description: 'A choice kept by a library entry.' })
export class PayloadChoiceResponse {
  @ApiProperty({ description: 'The text shown to respondents.', example: '知っていて、利用したことがある' }) label!: string;
  @ApiProperty({ description: 'Exclusive choice: it cannot be selected together with others.', example: false }) isExclusive!: boolean;
  @ApiProperty({ description: 'The choice takes a text the respondent types in (such as その他).', example: false })
  allowOtherInput!: boolean;
  @ApiProperty({ description: 'A "not applicable" choice (such as 特にない).', example: false }) isNotApplicable!: boolean;
}

@ApiSchema({ description: 'A label kept by a library entry: a matrix column or a sub-question choice.' })
export class PayloadLabelResponse {
  @ApiProperty({ description: 'The text shown to respondents.', example: 'ややそう思う' }) label!: string;
}

@ApiSchema({ description: 'A sub-question kept by a library entry, with the labels of its choices.' })
export class PayloadSubQuestionResponse {
  @ApiProperty({ description: 'The sub-question text.', example: '平日のご利用頻度' }) label!: string;
  @ApiProperty({ type: [PayloadLabelResponse], description: 'The labels of its choices, in display order.' })
  options!: PayloadLabelResponse[];
}

/** What an entry keeps of a question: text and choices, never logic. */
@ApiSchema({ description: 'What a library entry keeps of a question: its text and choices, never its logic.' })
export class NormalizedPayloadResponse {
  @ApiProperty({ description: 'The question text, as plain text.', example: 'このサービスをご存じですか。' }) promptText!: string;
  @ApiProperty({ type: [PayloadChoiceResponse], description: 'The choices, or the rows of a matrix, in display order.' })
  options!: PayloadChoiceResponse[];
  @ApiProperty({
    type: [PayloadLabelResponse],
    description: 'Labels only, such as matrix columns or the sub items of an external question; in display order',
  })
  subItems!: PayloadLabelResponse[];
  @ApiProperty({ type: [PayloadSubQuestionResponse], description: 'The sub-questions, in display order.' })
  subQuestions!: PayloadSubQuestionResponse[];
}

@ApiSchema({
  description: 'A question library entry: a question registered by a survey export (internal) or by an external bundle import (external).',
})
export class LibraryItemResponse {
  @ApiProperty({ format: 'uuid', description: 'The entry id.' }) id!: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The builder survey the entry was exported from; null for external entries, or when that survey no longer exists.',
  })
  sourceSurveyId!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The title of the source survey at export; null for external entries.',
    example: '2026年 コーヒー飲料 利用実態調査',
  })
  sourceSurveyTitle!: string | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The stable id of the source question; null for external entries',
  })
  sourceQuestionId!: string | null;
  @ApiProperty({
    description:
      "The source section's stable id; for an external entry, the external survey id and the section's 0-based position as <id>:<n>.",
    example: '5b1f2c3d-8e9a-4b7c-a1d2-3e4f5a6b7c8d',
  })
  sourceSectionId!: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The imported external questionnaire the entry comes from; null for internal entries.',
  })
  sourceExternalSurveyId!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The name of the external questionnaire; null for internal entries.',
    example: 'ランチに関するアンケート',
  })
  sourceExternalSurveyName!: string | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The external question the entry comes from; null for internal entries.',
  })
  sourceExternalQuestionId!: string | null;
  @ApiProperty({
    description: "The source survey's category, or the origin of an external bundle; may be empty.",
    example: '飲料',
  })
  category!: string;
  @ApiProperty({ description: 'The title of the section the question sat in; may be empty.', example: '利用状況' }) sectionTitle!: string;
  @ApiProperty({ enum: QUESTION_TYPES, description: 'The kind of question; an import rebuilds the question as this kind.' })
  questionType!: string;
  @ApiProperty({ type: NormalizedPayloadResponse })
  normalizedPayload!: NormalizedPayloadResponse;
  @ApiProperty({ format: 'date-time', description: 'When the entry was registered (ISO 8601).' }) createdAt!: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The user who registered the entry (by export or import); null when unknown.',
  })
  createdBy!: string | null;
}
