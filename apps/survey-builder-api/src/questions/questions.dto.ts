import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';

/** Either libraryItemId, or all three of sourceSurveyId, sourceSectionId and sourceQuestionId. */
export class ImportQuestionDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() targetSectionId!: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() libraryItemId?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() sourceSurveyId?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() sourceSectionId?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() sourceQuestionId?: string;
}
