import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IntField, TextField } from '@platform/contracts';
import { ArrayMaxSize, IsArray, IsObject, ValidateBy, ValidateIf } from 'class-validator';
import { IANAZone } from 'luxon';
import { MAX_SCORING_RULES } from '../../domain/scoring-rules';

/** An IANA time zone name such as Asia/Tokyo (luxon's check, which asks the runtime's ICU data). */
function IsTimeZone(): PropertyDecorator {
  return ValidateBy({
    name: 'isTimeZone',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.length <= 64 && IANAZone.isValidZone(value),
      defaultMessage: () => 'timezone must be an IANA time zone name such as Asia/Tokyo',
    },
  });
}

/** Scoring rules as sent: an array of objects; each rule's condition is checked by the service (400 SCORING_ERROR). */
function ScoringRulesField(): PropertyDecorator {
  return applyDecorators(
    ValidateIf((_, value) => value !== undefined),
    IsArray(),
    ArrayMaxSize(MAX_SCORING_RULES),
    IsObject({ each: true }),
    ApiProperty({
      required: false,
      type: 'array',
      maxItems: MAX_SCORING_RULES,
      items: { $ref: '#/components/schemas/ScoringRule' },
      description:
        'Each rule adds `points` when the candidate matches `when`, a condition or group of the responseFilter language (GET candidates). ' +
        'A bad rule answers 400 SCORING_ERROR naming it.',
    }),
  );
}

@ApiSchema({ description: 'The body of POST /projects: a new recruiting project.' })
export class CreateProjectDto {
  @TextField({ min: 1, max: 255, description: 'Project name shown in the console', example: '2026年冬 動画配信サービス利用者インタビュー' })
  name!: string;
  @IntField({ optional: true, min: 5, max: 480, default: 60, description: 'Length of one interview, in minutes' })
  interviewDurationMinutes?: number;
  @IsTimeZone()
  @ValidateIf((_, value) => value !== undefined)
  @ApiProperty({
    required: false,
    type: String,
    maxLength: 64,
    default: 'Asia/Tokyo',
    description: 'IANA time zone of the project: days in queries are read and interview times in emails written in it',
    example: 'Asia/Tokyo',
  })
  timezone?: string;
  @ScoringRulesField() scoringRules?: Array<Record<string, unknown>>;
}

@ApiSchema({ description: 'The body of PATCH /projects/{projectId}: the fields to change; omitted fields stay as they are.' })
export class UpdateProjectDto {
  @TextField({
    optional: true,
    min: 1,
    max: 255,
    description: 'Project name shown in the console',
    example: '2026年冬 動画配信サービス利用者インタビュー',
  })
  name?: string;
  @IntField({ optional: true, min: 5, max: 480, description: 'Length of one interview, in minutes', example: 45 })
  interviewDurationMinutes?: number;
  @IsTimeZone()
  @ValidateIf((_, value) => value !== undefined)
  @ApiProperty({
    required: false,
    type: String,
    maxLength: 64,
    description: 'IANA time zone of the project: days in queries are read and interview times in emails written in it',
    example: 'Asia/Tokyo',
  })
  timezone?: string;
  @ScoringRulesField() scoringRules?: Array<Record<string, unknown>>;
}

export class ProjectIdParam {
  @IntField({ min: 1, max: 2_147_483_647, fromText: true, description: 'The project id', example: 12 }) projectId!: number;
}

export class ListProjectsQuery {
  @IntField({ optional: true, min: 1, max: 1_000_000, default: 1, fromText: true, description: 'The page to read, from 1' }) page = 1;
  @IntField({ optional: true, min: 1, max: 100, default: 20, fromText: true, description: 'Projects per page' }) limit = 20;
}
