import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { NestedField, TextArrayField, TextField } from '@platform/contracts';
import { ValidateBy } from 'class-validator';
import { PROMPT_TEXT_MAX, THEME_TEXT_MAX, TITLE_MAX } from './survey.dto';

const ITEM_MAX = 255;
const ITEMS_MAX = 50;

@ApiSchema({ description: 'A survey’s objective in its structured form: chosen presets and free text.' })
export class ObjectiveDto {
  @TextArrayField({
    maxItems: ITEMS_MAX,
    itemMax: ITEM_MAX,
    description: 'Chosen objective presets (新商品の受容性評価, 認知度調査, 満足度調査, …)',
    example: ['新商品の受容性評価', '認知度調査'],
  })
  presets!: string[];
  @TextField({ max: THEME_TEXT_MAX, description: 'The rest of the objective, in free words; empty when none', example: '購入意向の把握' })
  customText!: string;
}

@ApiSchema({ description: 'A survey’s delivery area in its structured form: one preset and free text.' })
export class DeliveryAreaDto {
  @TextField({
    nullable: true,
    max: ITEM_MAX,
    description: 'The area preset (全国, 関東, 首都圏, 関西, …); null when none is chosen',
    example: '首都圏',
  })
  preset!: string | null;
  @TextField({ max: THEME_TEXT_MAX, description: 'The rest of the area, in free words; empty when none', example: '1都3県在住' })
  customText!: string;
}

@ApiSchema({ description: 'A survey’s categories in their structured form: chosen labels and free text.' })
export class CategoriesDto {
  @TextArrayField({
    maxItems: ITEMS_MAX,
    itemMax: ITEM_MAX,
    description: 'Chosen category labels (食品, 飲料, 日用品, 化粧品, …)',
    example: ['飲料', '食品'],
  })
  labels!: string[];
  @TextField({ max: THEME_TEXT_MAX, description: 'Further categories, in free words; empty when none', example: 'ペットボトル茶' })
  freeText!: string;
}

const TITLE_DOC = { description: 'The survey’s title', example: '新商品ペットボトル緑茶の受容性調査' } as const;
const CLIENT_DOC = { description: 'The client the survey is made for', example: '株式会社みどり飲料' } as const;
const PROMPT_DOC = { description: 'What the survey is about, in free words', example: '新商品のペットボトル緑茶「みどり茶」' } as const;

@ApiSchema({ description: 'A survey’s whole theme in its structured form; every field is required.' })
export class UpdateThemeDto {
  @TextField({ max: TITLE_MAX, ...TITLE_DOC }) title!: string;
  @TextField({ max: TITLE_MAX, ...CLIENT_DOC }) clientName!: string;
  @NestedField(() => ObjectiveDto, { description: 'The objective' }) objective!: ObjectiveDto;
  @NestedField(() => DeliveryAreaDto, { description: 'Where respondents live' }) deliveryArea!: DeliveryAreaDto;
  @NestedField(() => CategoriesDto, { description: 'The product categories' }) categories!: CategoriesDto;
  @TextField({ max: PROMPT_TEXT_MAX, ...PROMPT_DOC, description: `${PROMPT_DOC.description}; may be empty` }) promptText!: string;
}

const isText = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;

/** A theme field of theme-assists: a string, or one of the structured forms with their own limits. */
function isThemeField(value: unknown): boolean {
  if (isText(value, THEME_TEXT_MAX)) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const items = (list: unknown) => Array.isArray(list) && list.length <= ITEMS_MAX && list.every((item) => isText(item, ITEM_MAX));
  const keys = Object.keys(v).sort().join(',');
  if (keys === 'customText,presets') return items(v.presets) && isText(v.customText, THEME_TEXT_MAX);
  if (keys === 'customText,preset') return (v.preset === null || isText(v.preset, ITEM_MAX)) && isText(v.customText, THEME_TEXT_MAX);
  if (keys === 'freeText,labels') return items(v.labels) && isText(v.freeText, THEME_TEXT_MAX);
  return false;
}

const ThemeField = () =>
  ValidateBy({
    name: 'themeField',
    validator: {
      validate: isThemeField,
      defaultMessage: (args) =>
        `${args?.property} must be a string or its structured form ({presets, customText}, {preset, customText} or {labels, freeText})`,
    },
  });

const THEME_FIELD_SCHEMA = {
  oneOf: [
    { type: 'string', maxLength: THEME_TEXT_MAX },
    { $ref: '#/components/schemas/ObjectiveDto' },
    { $ref: '#/components/schemas/DeliveryAreaDto' },
    { $ref: '#/components/schemas/CategoriesDto' },
  ],
};

@ApiSchema({ description: 'A theme to suggest content for, as text or in structured form; no survey needs to exist.' })
export class ThemeAssistDto {
  @TextField({ max: TITLE_MAX, ...TITLE_DOC }) title!: string;
  @TextField({ max: TITLE_MAX, ...CLIENT_DOC }) clientName!: string;
  @ApiProperty({
    ...THEME_FIELD_SCHEMA,
    description: 'The objective: text (items joined with 「、」) or an ObjectiveDto',
    example: '新商品の受容性評価、購入意向の把握',
  })
  @ThemeField()
  objective!: unknown;
  @ApiProperty({
    ...THEME_FIELD_SCHEMA,
    description: 'Where respondents live: text (items joined with 「、」) or a DeliveryAreaDto',
    example: '首都圏、1都3県在住',
  })
  @ThemeField()
  deliveryArea!: unknown;
  @ApiProperty({
    ...THEME_FIELD_SCHEMA,
    description: 'The product categories: text (items joined with 「、」) or a CategoriesDto',
    example: '飲料、食品',
  })
  @ThemeField()
  category!: unknown;
  @TextField({ optional: true, max: PROMPT_TEXT_MAX, ...PROMPT_DOC, description: `${PROMPT_DOC.description}; empty when omitted` })
  promptText?: string;
  @TextArrayField({
    optional: true,
    maxItems: ITEMS_MAX,
    itemMax: ITEM_MAX,
    description: 'Categories to search with; derived from category when omitted',
    example: ['飲料'],
  })
  selectedCategories?: string[];
}
