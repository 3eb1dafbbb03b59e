import { ApiProperty } from '@nestjs/swagger';
import { SURVEY_LIMITS } from '../../domain/limits';
import { ROLE_TYPES, SURVEY_STATUSES } from '../../domain/model';
import { SectionResponse } from '../../snapshot/dto/section.response';

export class PermissionResponse {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() userName!: string;
  @ApiProperty({ enum: ROLE_TYPES }) roleType!: string;
}

/** A version in the survey detail's history (without its snapshot). */
export class VersionSummaryResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) versionNo!: number;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'uuid' }) createdBy!: string;
  @ApiProperty({ enum: SURVEY_STATUSES, description: 'The survey status when the version was made' }) status!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The version copied from' }) sourceVersionId!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Set on versions made by a rollback' })
  rollbackFromVersionId!: string | null;
}

/** A version with its full snapshot (version history, save, rollback). */
export class VersionResponse extends VersionSummaryResponse {
  @ApiProperty({ type: [SectionResponse], maxItems: SURVEY_LIMITS.sections }) snapshotSections!: SectionResponse[];
}

export class SurveyBasicsResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() clientName!: string;
  @ApiProperty() objective!: string;
  @ApiProperty() deliveryArea!: string;
  @ApiProperty() category!: string;
  @ApiProperty() promptText!: string;
  @ApiProperty({ enum: SURVEY_STATUSES }) status!: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) latestVersionNo!: number;
  @ApiProperty({ format: 'uuid' }) createdBy!: string;
  @ApiProperty({ format: 'uuid' }) updatedBy!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

/** A survey with the latest version's sections, its permissions and its version history. */
export class SurveyResponse extends SurveyBasicsResponse {
  @ApiProperty({ type: [SectionResponse], maxItems: SURVEY_LIMITS.sections }) sections!: SectionResponse[];
  @ApiProperty({ type: [PermissionResponse] }) permissions!: PermissionResponse[];
  @ApiProperty({ type: [VersionSummaryResponse] }) versions!: VersionSummaryResponse[];
}
