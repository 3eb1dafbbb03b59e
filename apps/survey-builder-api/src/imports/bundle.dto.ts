import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsNumber,
  IsOptional,
  IsString,
  MinLength,
  ValidateBy,
  ValidateNested,
} from 'class-validator';

/** Required, but may be null: the check itself refuses a missing value. */
const ObjectOrNull = () =>
  ValidateBy({
    name: 'objectOrNull',
    validator: {
      validate: (value) => value === null || (typeof value === 'object' && !Array.isArray(value)),
      defaultMessage: (args) => `${args?.property} must be an object or null`,
    },
  });

/**
 * The external platform's bundle (spec 4.7). Only the fields the builder reads are checked; every other
 * field is accepted and kept as raw JSON.
 */
export class BundleAnswerItemDto {
  @IsOptional() @IsNumber() id?: number;
  @IsOptional() @IsString() sentence?: string;
  @IsOptional() @IsNumber() order_index?: number;
}

export class BundleLogicItemDto {
  @IsOptional() @IsNumber() id?: number;
  @IsOptional() @IsNumber() question_id?: number;
  @IsOptional() @IsNumber() answer_item_id?: number;
  @IsOptional() @IsString() verb?: string;
}

export class BundleLogicDto {
  @IsOptional() @IsNumber() id?: number;
  @IsOptional() @IsNumber() order_index?: number;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => BundleLogicItemDto) logic_items?: BundleLogicItemDto[];
  @IsOptional() @ObjectOrNull() logic_action?: Record<string, unknown> | null;
}

export class BundleQuestionDto {
  @IsNumber() id!: number;
  @IsOptional() @IsNumber() answer_type?: number;
  @IsOptional() @IsString() answer_type_name?: string;
  @IsOptional() @IsString() rendered_sentence?: string;
  @IsOptional() @IsNumber() order_index?: number;
  @IsOptional() @IsBoolean() any_logic?: boolean;
  @IsOptional() @IsBoolean() any_visibility?: boolean;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => BundleAnswerItemDto) answer_items?: BundleAnswerItemDto[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => BundleAnswerItemDto) sub_items?: BundleAnswerItemDto[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => BundleLogicDto) logics?: BundleLogicDto[];
}

export class BundleSurveyDto {
  @ApiProperty({ description: 'The external questionnaire id.' }) @IsNumber() surveyId!: number;
  @ApiProperty({ nullable: true, type: Object, description: 'Holds name.' }) @ObjectOrNull() survey!: Record<string, unknown> | null;
  @ApiProperty({ nullable: true, type: Object, description: 'id, survey_id, generate_order.' }) @ObjectOrNull() questionnaire!: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: [Object] }) @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => BundleQuestionDto) questions?: BundleQuestionDto[];
}

export class ImportBundleDto {
  @ApiProperty({ minLength: 1 }) @IsString() @MinLength(1) origin!: string;
  @ApiProperty({ type: [BundleSurveyDto], minItems: 1 }) @IsArray() @ArrayMinSize(1) @ValidateNested({ each: true }) @Type(() => BundleSurveyDto) surveys!: BundleSurveyDto[];
  @ApiPropertyOptional() @IsOptional() fetchedAt?: unknown;
  @ApiPropertyOptional() @IsOptional() summary?: unknown;
  @ApiPropertyOptional() @IsOptional() errors?: unknown;
}
