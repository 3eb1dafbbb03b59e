import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMinSize, IsArray, IsInt, IsOptional, IsString, IsUUID, MaxLength, Min, MinLength } from 'class-validator';

export class AddSectionDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(255) title!: string;
  @ApiPropertyOptional({ default: '新規追加セクション' }) @IsOptional() @IsString() @MaxLength(2000) description?: string;
}

export class UpdateSectionDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MinLength(1) @MaxLength(255) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ApiPropertyOptional({ minimum: 1, description: 'Target position; swaps with the section there.' }) @IsOptional() @IsInt() @Min(1) sortOrder?: number;
}

export class ImportSectionDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() sourceSurveyId!: string;
  @ApiProperty({ format: 'uuid' }) @IsUUID() sourceSectionId!: string;
  @ApiProperty({ format: 'uuid' }) @IsUUID() targetSurveyId!: string;
}

export class ImportExternalSectionDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() targetSurveyId!: string;
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1 }) @IsArray() @ArrayMinSize(1) @IsUUID('all', { each: true }) libraryItemIds!: string[];
  @ApiProperty({ minLength: 1, maxLength: 255 }) @IsString() @MinLength(1) @MaxLength(255) sectionTitle!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) sectionDescription?: string;
}
