import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { PageQuery } from '../common/params';
import { SURVEY_STATUSES, type SurveyStatus } from '../domain/model';

const Text = (max = 2000) => (target: object, key: string) => {
  IsString()(target, key);
  MaxLength(max)(target, key);
};

export class CreateSurveyDto {
  @ApiProperty() @Text(255) title!: string;
  @ApiProperty() @Text(255) clientName!: string;
  @ApiProperty() @Text() objective!: string;
  @ApiProperty() @Text() deliveryArea!: string;
  @ApiProperty() @Text() category!: string;
  @ApiPropertyOptional() @IsOptional() @Text(20000) promptText?: string;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() generateInitialContent?: boolean;
}

export class UpdateSurveyDto {
  @ApiPropertyOptional() @IsOptional() @Text(255) title?: string;
  @ApiPropertyOptional() @IsOptional() @Text(255) clientName?: string;
  @ApiPropertyOptional() @IsOptional() @Text() objective?: string;
  @ApiPropertyOptional() @IsOptional() @Text() deliveryArea?: string;
  @ApiPropertyOptional() @IsOptional() @Text() category?: string;
  @ApiPropertyOptional() @IsOptional() @Text(20000) promptText?: string;
  @ApiPropertyOptional({ enum: SURVEY_STATUSES }) @IsOptional() @IsIn(SURVEY_STATUSES) status?: SurveyStatus;
}

const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class ListSurveysQuery extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @Text(255) q?: string;
  @ApiPropertyOptional({ enum: SURVEY_STATUSES }) @IsOptional() @IsIn(SURVEY_STATUSES) status?: SurveyStatus;
  @ApiPropertyOptional({ default: false }) @IsOptional() @Transform(toBoolean) @IsBoolean() includeArchived = false;
  @ApiPropertyOptional({ enum: ['updatedAtDesc', 'updatedAtAsc', 'titleAsc', 'titleDesc'], default: 'updatedAtDesc' })
  @IsOptional()
  @IsIn(['updatedAtDesc', 'updatedAtAsc', 'titleAsc', 'titleDesc'])
  sort: 'updatedAtDesc' | 'updatedAtAsc' | 'titleAsc' | 'titleDesc' = 'updatedAtDesc';
}

export class ObjectiveDto {
  @ApiProperty({ type: [String] }) @IsArray() @IsString({ each: true }) presets!: string[];
  @ApiProperty() @Text() customText!: string;
}

export class DeliveryAreaDto {
  /** Required, but may be null: the check itself refuses a missing value. */
  @ApiProperty({ nullable: true, type: String })
  @ValidateBy({ name: 'stringOrNull', validator: { validate: (v) => v === null || typeof v === 'string', defaultMessage: () => 'preset must be a string or null' } })
  preset!: string | null;
  @ApiProperty() @Text() customText!: string;
}

export class CategoriesDto {
  @ApiProperty({ type: [String] }) @IsArray() @IsString({ each: true }) labels!: string[];
  @ApiProperty() @Text() freeText!: string;
}

export class UpdateThemeDto {
  @ApiProperty() @Text(255) title!: string;
  @ApiProperty() @Text(255) clientName!: string;
  @ApiProperty({ type: ObjectiveDto }) @ValidateNested() @Type(() => ObjectiveDto) @IsDefined() objective!: ObjectiveDto;
  @ApiProperty({ type: DeliveryAreaDto }) @ValidateNested() @Type(() => DeliveryAreaDto) @IsDefined() deliveryArea!: DeliveryAreaDto;
  @ApiProperty({ type: CategoriesDto }) @ValidateNested() @Type(() => CategoriesDto) @IsDefined() categories!: CategoriesDto;
  @ApiProperty() @Text(20000) promptText!: string;
}

/** A theme field of theme-assists: a plain string or the structured form (spec 4.1). */
const StringOrStructured = () =>
  ValidateBy({
    name: 'stringOrStructured',
    validator: {
      validate: (value) => typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value)),
      defaultMessage: (args) => `${args?.property} must be a string or the structured form`,
    },
  });

export class ThemeAssistDto {
  @ApiProperty() @Text(255) title!: string;
  @ApiProperty() @Text(255) clientName!: string;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'object' }] }) @IsDefined() @StringOrStructured() objective!: unknown;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'object' }] }) @IsDefined() @StringOrStructured() deliveryArea!: unknown;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'object' }] }) @IsDefined() @StringOrStructured() category!: unknown;
  @ApiPropertyOptional() @IsOptional() @Text(20000) promptText?: string;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @IsString({ each: true }) selectedCategories?: string[];
}

export class SurveyCopyDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() sourceSurveyId!: string;
  @ApiPropertyOptional({ minimum: 1 }) @IsOptional() @IsInt() @Min(1) sourceVersionNo?: number;
}

export class FavoriteDto {
  @ApiProperty() @IsBoolean() favorite!: boolean;
}
