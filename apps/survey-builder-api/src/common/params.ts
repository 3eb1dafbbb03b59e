import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Matches, Max, Min } from 'class-validator';

export class SurveyIdParam {
  @ApiProperty({ format: 'uuid' }) @IsUUID() surveyId!: string;
}

export class SectionIdParam {
  @ApiProperty({ format: 'uuid' }) @IsUUID() sectionId!: string;
}

export class QuestionIdParam {
  @ApiProperty({ format: 'uuid' }) @IsUUID() questionId!: string;
}

export class ItemIdParam {
  @ApiProperty({ format: 'uuid' }) @IsUUID() itemId!: string;
}

export class ExternalSurveyIdParam {
  @ApiProperty({ format: 'uuid' }) @IsUUID() externalSurveyId!: string;
}

/** versionNo must be digits only (spec 4.2: ^\d+$). */
export class SurveyVersionParam extends SurveyIdParam {
  @ApiProperty({ pattern: '^\\d+$' }) @Matches(/^\d+$/, { message: 'versionNo must be digits' }) versionNo!: string;
}

/** Lists are paged in the database; the defaults return everything a person normally has. */
export class PageQuery {
  @ApiProperty({ required: false, default: 1000, maximum: 1000 })
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? value : Number(value)))
  @IsInt()
  @Min(1)
  @Max(1000)
  limit = 1000;

  @ApiProperty({ required: false, default: 0 })
  @IsOptional()
  @Transform(({ value }) => (value === undefined ? value : Number(value)))
  @IsInt()
  @Min(0)
  offset = 0;
}
