import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { BoolField, IntField, NestedArrayField, NestedField, TextField } from '@platform/contracts';
import { ValidateBy } from 'class-validator';
import { QUESTION_LIMITS, SURVEY_LIMITS } from '../../domain/limits';

/** External ids: integers the platform assigns, kept as bigint; JavaScript's safe range bounds them. */
const EXTERNAL_ID = { min: 0, max: Number.MAX_SAFE_INTEGER };
/** Positions: int columns. */
const ORDER = { min: -2_147_483_648, max: 2_147_483_647 };

/** `generate_order`: an array of arrays of numbers. */
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
 * The external platform's bundle (`importSurveyBundle` in docs/openapi/survey-builder-api.json). The fields the builder reads are
 * checked with the types documented there; every other field is accepted and kept as raw JSON.
 */
@ApiSchema({
  description: 'An answer item of an external question: a choice, or a sub item (matrix column). Other fields are kept as raw JSON.',
})
export class BundleAnswerItemDto {
  @IntField({ optional: true, ...EXTERNAL_ID, description: 'The item’s id on the external platform', example: 58210 }) id?: number;
  @TextField({ optional: true, max: 10_000, description: 'The item’s text, HTML allowed (read as plain text)', example: '毎日飲む' })
  sentence?: string;
  @IntField({ optional: true, ...ORDER, description: 'Its position among the items; items are read in this order', example: 1 })
  order_index?: number;
}

@ApiSchema({ description: 'One condition of an external logic, kept as sent. Other fields are kept as raw JSON.' })
export class BundleLogicItemDto {
  @IntField({ optional: true, ...EXTERNAL_ID, description: 'The condition’s id on the external platform', example: 7731 }) id?: number;
  @IntField({ optional: true, ...EXTERNAL_ID, description: 'The external id of the question the condition reads', example: 120345 })
  question_id?: number;
  @IntField({ optional: true, ...EXTERNAL_ID, description: 'The external id of the answer item the condition names', example: 58210 })
  answer_item_id?: number;
  @TextField({ optional: true, max: 255, description: 'The comparison, in the external platform’s words', example: 'eq' })
  verb?: string;
  @ApiProperty({
    required: false,
    oneOf: [{ type: 'string', maxLength: 10_000, nullable: true }, { type: 'number' }, { type: 'boolean' }],
    description: 'The value compared with; stored as text, null when absent',
    example: 1,
  })
  @LogicValue()
  value?: string | number | boolean | null;
}

@ApiSchema({ description: 'What an external logic does when it holds, kept as sent. Other fields are kept as raw JSON.' })
export class BundleLogicActionDto {
  @IntField({ optional: true, ...EXTERNAL_ID, description: 'The action’s id on the external platform', example: 4402 }) id?: number;
  @IntField({ optional: true, ...EXTERNAL_ID, description: 'The external id of the question the action leads to', example: 120350 })
  question_id?: number;
  @BoolField({ optional: true, description: 'The external platform’s random flag, kept as sent' }) is_random?: boolean;
}

@ApiSchema({ description: 'A logic of an external question (stored, not turned into builder rules). Other fields are kept as raw JSON.' })
export class BundleLogicDto {
  @IntField({ optional: true, ...EXTERNAL_ID, description: 'The logic’s id on the external platform', example: 3301 }) id?: number;
  @IntField({ optional: true, ...ORDER, description: 'Its position among the question’s logics', example: 1 }) order_index?: number;
  @NestedArrayField(() => BundleLogicItemDto, { optional: true, maxItems: 1000, description: 'Its conditions' })
  logic_items?: BundleLogicItemDto[];
  @NestedField(() => BundleLogicActionDto, { optional: true, nullable: true, description: 'Its action; null or absent when none' })
  logic_action?: BundleLogicActionDto | null;
}

@ApiSchema({ description: 'A question of an external questionnaire. Other fields are kept as raw JSON.' })
export class BundleQuestionDto {
  @IntField({ ...EXTERNAL_ID, description: 'The question’s id on the external platform', example: 120345 }) id!: number;
  @IntField({ optional: true, ...ORDER, description: 'The external platform’s answer type number, kept as sent', example: 1 })
  answer_type?: number;
  @TextField({
    optional: true,
    max: 255,
    description: 'The answer type’s name; it sets the builder question type, and 提示ステップ starts a section',
    example: '単一回答',
  })
  answer_type_name?: string;
  @TextField({
    optional: true,
    max: 100_000,
    description: 'The question text as HTML; the library keeps its plain text',
    example: '<p>普段、ペットボトルのお茶をどのくらい飲みますか。</p>',
  })
  rendered_sentence?: string;
  @IntField({ optional: true, ...ORDER, description: 'Its position in the questionnaire; questions are read in this order', example: 3 })
  order_index?: number;
  @BoolField({ optional: true, description: 'The external platform’s flag that the question has logic; false when absent' })
  any_logic?: boolean;
  @BoolField({ optional: true, description: 'The external platform’s flag that the question has display conditions; false when absent' })
  any_visibility?: boolean;
  @NestedArrayField(() => BundleAnswerItemDto, {
    optional: true,
    maxItems: QUESTION_LIMITS.options,
    description: `The question's choices (of a matrix question, its rows: at most ${QUESTION_LIMITS.matrixRows} there, QUESTION_CONTENT_LIMIT_EXCEEDED)`,
  })
  answer_items?: BundleAnswerItemDto[];
  @NestedArrayField(() => BundleAnswerItemDto, {
    optional: true,
    maxItems: QUESTION_LIMITS.matrixColumns,
    description: 'Sub items (a matrix’s columns); a builder question made from the library lists them in its note text',
  })
  sub_items?: BundleAnswerItemDto[];
  @NestedArrayField(() => BundleLogicDto, { optional: true, maxItems: 1000, description: 'The question’s logics, stored as sent' })
  logics?: BundleLogicDto[];
}

@ApiSchema({ description: 'The external survey’s own record. Other fields are kept as raw JSON.' })
export class BundleSurveyInfoDto {
  @TextField({
    optional: true,
    max: 1000,
    description: 'The questionnaire’s name; empty when absent',
    example: '緑茶飲料の飲用実態調査 2026',
  })
  name?: string;
}

@ApiSchema({ description: 'The external questionnaire record. Other fields are kept as raw JSON.' })
export class BundleQuestionnaireDto {
  @IntField({ optional: true, ...EXTERNAL_ID, description: 'The questionnaire’s id on the external platform', example: 9120 })
  id?: number;
  @IntField({ optional: true, ...EXTERNAL_ID, description: 'The external id of the survey it belongs to', example: 88012 })
  survey_id?: number;
  @ApiProperty({
    required: false,
    type: 'array',
    items: { type: 'array', items: { type: 'number' } },
    description: 'The external platform’s question order groups, kept as sent',
    example: [[120345, 120346], [120350]],
  })
  @GenerateOrder()
  generate_order?: number[][];
}

@ApiSchema({ description: 'One external questionnaire of a bundle, with its questions.' })
export class BundleSurveyDto {
  @IntField({ ...EXTERNAL_ID, description: 'The external questionnaire id; a second entry with the same id is skipped', example: 88012 })
  surveyId!: number;
  @NestedField(() => BundleSurveyInfoDto, { nullable: true, description: 'Holds name' }) survey!: BundleSurveyInfoDto | null;
  @NestedField(() => BundleQuestionnaireDto, { nullable: true, description: 'id, survey_id, generate_order; null skips the entry' })
  questionnaire!: BundleQuestionnaireDto | null;
  @NestedArrayField(() => BundleQuestionDto, {
    optional: true,
    maxItems: SURVEY_LIMITS.questions,
    description: 'The questions; none when absent',
  })
  questions?: BundleQuestionDto[];
}

@ApiSchema({ description: 'A bundle of external questionnaires from the browser extension. Unknown fields are kept as raw JSON.' })
export class ImportBundleDto {
  @TextField({
    min: 1,
    max: 255,
    description:
      'Where the bundle comes from: kept, and the category of the library entries made (stored under the source survey_platform)',
    example: 'survey_platform',
  })
  origin!: string;
  @NestedArrayField(() => BundleSurveyDto, { minItems: 1, maxItems: 200, description: 'The questionnaires, 1 to 200' })
  surveys!: BundleSurveyDto[];
  @ApiProperty({ required: false, description: 'When the bundle was fetched (e.g. an ISO 8601 date-time); kept as text when it is one' })
  fetchedAt?: unknown;
  @ApiProperty({ required: false, description: 'Accepted, not read' }) summary?: unknown;
  @ApiProperty({ required: false, description: 'Accepted, not read' }) errors?: unknown;
}
