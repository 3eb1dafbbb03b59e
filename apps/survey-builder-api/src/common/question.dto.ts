import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { CONDITION_OPERATORS, LOGICAL_OPERATORS, QUESTION_TYPES, type QuestionType } from '../domain/model';

export class OptionDto {
  /** Sent back by clients from a read; ignored, ids are regenerated on every update. */
  @ApiPropertyOptional() @IsOptional() @IsString() id?: string;
  @ApiProperty() @IsString() @MaxLength(2000) label!: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isExclusive?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() allowOtherInput?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isNotApplicable?: boolean;
  @ApiPropertyOptional({ enum: ['row', 'column'], nullable: true }) @IsOptional() @IsIn(['row', 'column']) axis?: 'row' | 'column' | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() placeholder?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsBoolean() fieldIsRequired?: boolean | null;
}

export class FreeTextFieldDto {
  @ApiProperty() @IsString() @MaxLength(500) label!: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() placeholder?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isRequired?: boolean;
}

export class SubQuestionOptionDto {
  @ApiProperty() @IsString() @MaxLength(2000) label!: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isExclusive?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() allowOtherInput?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isNotApplicable?: boolean;
}

export class SubQuestionDto {
  @ApiProperty() @IsString() @MaxLength(2000) label!: string;
  @ApiProperty({ type: [SubQuestionOptionDto] }) @IsArray() @ValidateNested({ each: true }) @Type(() => SubQuestionOptionDto) options!: SubQuestionOptionDto[];
}

export class ConditionDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(64) sourceQuestionCode!: string;
  @ApiProperty({ enum: CONDITION_OPERATORS }) @IsIn(CONDITION_OPERATORS) operator!: (typeof CONDITION_OPERATORS)[number];
  @ApiProperty() @IsString() @MaxLength(2000) value!: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() subValue?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsInt() @Min(0) subQuestionIndex?: number | null;
}

export class BranchRuleDto {
  @ApiProperty({ enum: LOGICAL_OPERATORS }) @IsIn(LOGICAL_OPERATORS) logicalOperator!: 'AND' | 'OR';
  @ApiProperty({ type: [ConditionDto] }) @IsArray() @ValidateNested({ each: true }) @Type(() => ConditionDto) conditions!: ConditionDto[];
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(64) destinationQuestionCode!: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(2000) message?: string | null;
}

export class VisibilityTargetDto {
  @ApiProperty() @IsString() @MaxLength(2000) label!: string;
  @ApiPropertyOptional({ enum: ['row', 'column'], nullable: true }) @IsOptional() @IsIn(['row', 'column']) axis?: 'row' | 'column' | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsInt() @Min(0) subQuestionIndex?: number | null;
}

export class VisibilityRuleDto {
  @ApiProperty({ enum: LOGICAL_OPERATORS }) @IsIn(LOGICAL_OPERATORS) logicalOperator!: 'AND' | 'OR';
  @ApiProperty({ type: [ConditionDto] }) @IsArray() @ValidateNested({ each: true }) @Type(() => ConditionDto) conditions!: ConditionDto[];
  @ApiProperty({ type: [VisibilityTargetDto] }) @IsArray() @ValidateNested({ each: true }) @Type(() => VisibilityTargetDto) targets!: VisibilityTargetDto[];
}

/** minSelections / maxSelections: an integer 1 or more, or null (no limit). */
const SelectionLimit = () => (target: object, key: string) => {
  ValidateIf((_, value) => value !== null)(target, key);
  IsInt()(target, key);
  Min(1)(target, key);
};

/** The question fields both add and update take (spec 4.4). */
export class QuestionFieldsDto {
  @ApiPropertyOptional({ type: [OptionDto] }) @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => OptionDto) options?: OptionDto[];
  @ApiPropertyOptional({ type: [OptionDto] }) @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => OptionDto) matrixRows?: OptionDto[];
  @ApiPropertyOptional({ type: [OptionDto] }) @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => OptionDto) matrixColumns?: OptionDto[];
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsBoolean() isSingleMatrixSelect?: boolean | null;
  @ApiPropertyOptional({ nullable: true, minimum: 1 }) @IsOptional() @SelectionLimit() minSelections?: number | null;
  @ApiPropertyOptional({ nullable: true, minimum: 1 }) @IsOptional() @SelectionLimit() maxSelections?: number | null;
  @ApiPropertyOptional({ type: [FreeTextFieldDto] }) @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => FreeTextFieldDto) freeTextFields?: FreeTextFieldDto[];
  @ApiPropertyOptional({ type: [SubQuestionDto] }) @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => SubQuestionDto) subQuestions?: SubQuestionDto[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isRequired?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isLinkedToPrevious?: boolean;
}

export class AddQuestionDto extends QuestionFieldsDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(64) code!: string;
  @ApiProperty({ enum: QUESTION_TYPES }) @IsIn(QUESTION_TYPES) questionType!: QuestionType;
  @ApiProperty() @IsString() @MaxLength(10000) promptText!: string;
}

export class UpdateQuestionDto extends QuestionFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MinLength(1) @MaxLength(64) code?: string;
  @ApiPropertyOptional({ enum: QUESTION_TYPES }) @IsOptional() @IsIn(QUESTION_TYPES) questionType?: QuestionType;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(10000) promptText?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(10000) noteText?: string;
  @ApiPropertyOptional({ minimum: 1 }) @IsOptional() @IsInt() @Min(1) sortOrder?: number;
  @ApiPropertyOptional({ type: [BranchRuleDto] }) @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => BranchRuleDto) branchRules?: BranchRuleDto[];
  @ApiPropertyOptional({ type: [VisibilityRuleDto] }) @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => VisibilityRuleDto) visibilityRules?: VisibilityRuleDto[];
}
