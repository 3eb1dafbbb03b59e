import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { SURVEY_LIMITS } from '../../domain/limits';
import { ROLE_TYPES, SURVEY_STATUSES } from '../../domain/model';
import { SectionResponse } from '../../snapshot/dto/section.response';

@ApiSchema({ description: 'A user’s permission on a survey.' })
export class PermissionResponse {
  @ApiProperty({ format: 'uuid', description: 'The user’s id in the builder' }) userId!: string;
  @ApiProperty({ description: 'The user’s display name, as last sent by the edge (x-user-name)', example: '山田 太郎' }) userName!: string;
  @ApiProperty({ enum: ROLE_TYPES, description: 'view: read and copy; edit: also change the survey, its versions and permissions' })
  roleType!: string;
}

/** A version in the survey detail's history (without its snapshot). */
@ApiSchema({ description: 'A saved version of a survey, without its snapshot.' })
export class VersionSummaryResponse {
  @ApiProperty({ format: 'uuid', description: 'The version’s id' }) id!: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'The version number, from 1 upwards within the survey', example: 3 })
  versionNo!: number;
  @ApiProperty({ format: 'date-time', description: 'When the version was made (ISO 8601)' }) createdAt!: string;
  @ApiProperty({ format: 'uuid', description: 'The user who made the version' }) createdBy!: string;
  @ApiProperty({ enum: SURVEY_STATUSES, description: 'The survey status when the version was made' }) status!: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The version this one was copied from (of another survey for a copy); null for a new survey’s version 1',
  })
  sourceVersionId!: string | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The version a rollback restored; null for versions not made by a rollback',
  })
  rollbackFromVersionId!: string | null;
}

/** A version with its full snapshot (version history, save, rollback). */
@ApiSchema({ description: 'A version of a survey with its full snapshot of sections and questions.' })
export class VersionResponse extends VersionSummaryResponse {
  @ApiProperty({
    type: [SectionResponse],
    maxItems: SURVEY_LIMITS.sections,
    description: 'The sections as they were in this version, in order',
  })
  snapshotSections!: SectionResponse[];
}

@ApiSchema({ description: 'A survey’s basic fields: its theme, status and bookkeeping.' })
export class SurveyBasicsResponse {
  @ApiProperty({ format: 'uuid', description: 'The survey’s id' }) id!: string;
  @ApiProperty({ description: 'The survey’s title', example: '新商品ペットボトル緑茶の受容性調査' }) title!: string;
  @ApiProperty({ description: 'The client the survey is made for', example: '株式会社みどり飲料' }) clientName!: string;
  @ApiProperty({ description: 'The objective; several items are joined with 「、」', example: '新商品の受容性評価、購入意向の把握' })
  objective!: string;
  @ApiProperty({ description: 'Where respondents live; several items are joined with 「、」', example: '首都圏、1都3県在住' })
  deliveryArea!: string;
  @ApiProperty({ description: 'The product categories; several items are joined with 「、」', example: '飲料、食品' }) category!: string;
  @ApiProperty({
    description: 'What the survey is about, in free words (the first draft’s questions name it); empty when none',
    example: '新商品のペットボトル緑茶「みどり茶」',
  })
  promptText!: string;
  @ApiProperty({ enum: SURVEY_STATUSES, description: 'The workflow status: draft, in review, exported or archived' }) status!: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'The number of the latest version, the working copy', example: 3 })
  latestVersionNo!: number;
  @ApiProperty({ format: 'uuid', description: 'The user who created the survey' }) createdBy!: string;
  @ApiProperty({ format: 'uuid', description: 'The user who last changed the survey' }) updatedBy!: string;
  @ApiProperty({ format: 'date-time', description: 'When the survey was created (ISO 8601)' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', description: 'When the survey was last changed (ISO 8601)' }) updatedAt!: string;
}

/** A survey with the latest version's sections, its permissions and its version history. */
@ApiSchema({ description: 'A survey with the latest version’s sections, its permissions and its version history.' })
export class SurveyResponse extends SurveyBasicsResponse {
  @ApiProperty({
    type: [SectionResponse],
    maxItems: SURVEY_LIMITS.sections,
    description: 'The latest version’s sections, in order',
  })
  sections!: SectionResponse[];
  @ApiProperty({ type: [PermissionResponse], description: 'Who may view or edit the survey, by user name' })
  permissions!: PermissionResponse[];
  @ApiProperty({ type: [VersionSummaryResponse], description: 'Every version, by version number' }) versions!: VersionSummaryResponse[];
}
