import { ApiProperty } from '@nestjs/swagger';
import { BoolField, IntField, NestedArrayField, NestedField, TextField } from '@platform/contracts';
import { ValidateBy } from 'class-validator';
import { QUESTION_LIMITS, SURVEY_LIMITS } from '../../domain/limits';

/** External ids: integers the platform assigns, kept as bigint; JavaScript's safe range bounds them. */
const EXTERNAL_ID = { min: 0, max: Number.MAX_SAFE_INTEGER };
/** Positions: int columns. */
const ORDER = { min: -2_147_483_648, max: 2_147_483_647 };

/** `generate_order`: an array of arrays of numbers (spec 4.7). */
const GenerateOrder = () =>
  ValidateBy({
    name: 'generateOrder',
    validator: {
      validate: (value) =>
        value === undefined ||
        (Array.isArray(value) &&
          value.length <= 10_000 &&
          value.every(
            (group) => Array.isArray(group) && group.length <= 10_000 && group.every((n) => typeof n === 'number' && Number.isFinite(n)),
          )),
      defaultMessage: () => 'generate_order must be an array of arrays of numbers',
    },
  });

/** A logic item's value: text or a number (stored as text). */
const LogicValue = () =>
  ValidateBy({
    name: 'logicValue',
    validator: {
      validate: (value) =>
        value === undefined ||
        value === null ||
        typeof value === 'boolean' ||
        (typeof value === 'number' && Number.isFinite(value)) ||
        (typeof value === 'string' && value.length <= 10_000),
      defaultMessage: () => 'value must be a string (at most 10,000 characters), a number, a boolean or null',
    },
  });

/**
 * The external platform's bundle (spec 4.7). The fields the builder reads are checked with the types the
 * spec gives; every other field is accepted and kept as raw JSON.
 */
export class BundleAnswerItemDto {
  @IntField({ optional: true, ...EXTERNAL_ID }) id?: number;
  @TextField({ optional: true, max: 10_000 }) sentence?: string;
  @IntField({ optional: true, ...ORDER }) order_index?: number;
}

export class BundleLogicItemDto {
  @IntField({ optional: true, ...EXTERNAL_ID }) id?: number;
  @IntField({ optional: true, ...EXTERNAL_ID }) question_id?: number;
  @IntField({ optional: true, ...EXTERNAL_ID }) answer_item_id?: number;
  @TextField({ optional: true, max: 255 }) verb?: string;
  @ApiProperty({ required: false, oneOf: [{ type: 'string', maxLength: 10_000, nullable: true }, { type: 'number' }, { type: 'boolean' }] })
  @LogicValue()
  value?: string | number | boolean | null;
}

export class BundleLogicActionDto {
  @IntField({ optional: true, ...EXTERNAL_ID }) id?: number;
  @IntField({ optional: true, ...EXTERNAL_ID }) question_id?: number;
  @BoolField({ optional: true }) is_random?: boolean;
}

export class BundleLogicDto {
  @IntField({ optional: true, ...EXTERNAL_ID }) id?: number;
  @IntField({ optional: true, ...ORDER }) order_index?: number;
  @NestedArrayField(() => BundleLogicItemDto, { optional: true, maxItems: 1000 }) logic_items?: BundleLogicItemDto[];
  @NestedField(() => BundleLogicActionDto, { optional: true, nullable: true }) logic_action?: BundleLogicActionDto | null;
}

export class BundleQuestionDto {
  @IntField(EXTERNAL_ID) id!: number;
  @IntField({ optional: true, ...ORDER }) answer_type?: number;
  @TextField({ optional: true, max: 255 }) answer_type_name?: string;
  @TextField({ optional: true, max: 100_000, description: 'HTML' }) rendered_sentence?: string;
  @IntField({ optional: true, ...ORDER }) order_index?: number;
  @BoolField({ optional: true }) any_logic?: boolean;
  @BoolField({ optional: true }) any_visibility?: boolean;
  @NestedArrayField(() => BundleAnswerItemDto, {
    optional: true,
    maxItems: QUESTION_LIMITS.options,
    description: `The question's choices (of a matrix question, its rows: at most ${QUESTION_LIMITS.matrixRows} there, QUESTION_CONTENT_LIMIT_EXCEEDED)`,
  })
  answer_items?: BundleAnswerItemDto[];
  @NestedArrayField(() => BundleAnswerItemDto, { optional: true, maxItems: QUESTION_LIMITS.matrixColumns })
  sub_items?: BundleAnswerItemDto[];
  @NestedArrayField(() => BundleLogicDto, { optional: true, maxItems: 1000 }) logics?: BundleLogicDto[];
}

export class BundleSurveyInfoDto {
  @TextField({ optional: true, max: 1000 }) name?: string;
}

export class BundleQuestionnaireDto {
  @IntField({ optional: true, ...EXTERNAL_ID }) id?: number;
  @IntField({ optional: true, ...EXTERNAL_ID }) survey_id?: number;
  @ApiProperty({ required: false, type: 'array', items: { type: 'array', items: { type: 'number' } } })
  @GenerateOrder()
  generate_order?: number[][];
}

export class BundleSurveyDto {
  @IntField({ ...EXTERNAL_ID, description: 'The external questionnaire id' }) surveyId!: number;
  @NestedField(() => BundleSurveyInfoDto, { nullable: true, description: 'Holds name' }) survey!: BundleSurveyInfoDto | null;
  @NestedField(() => BundleQuestionnaireDto, { nullable: true, description: 'id, survey_id, generate_order; null skips the entry' })
  questionnaire!: BundleQuestionnaireDto | null;
  @NestedArrayField(() => BundleQuestionDto, { optional: true, maxItems: SURVEY_LIMITS.questions }) questions?: BundleQuestionDto[];
}

export class ImportBundleDto {
  @TextField({ min: 1, max: 255, description: 'Kept as data; bundles are stored under the source survey_platform' }) origin!: string;
  @NestedArrayField(() => BundleSurveyDto, { minItems: 1, maxItems: 200 }) surveys!: BundleSurveyDto[];
  @ApiProperty({ required: false, description: 'Kept as text when it is one' }) fetchedAt?: unknown;
  @ApiProperty({ required: false, description: 'Accepted, not read' }) summary?: unknown;
  @ApiProperty({ required: false, description: 'Accepted, not read' }) errors?: unknown;
}
