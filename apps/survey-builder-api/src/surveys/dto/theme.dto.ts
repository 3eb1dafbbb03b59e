import { ApiProperty } from '@nestjs/swagger';
import { NestedField, TextArrayField, TextField } from '@platform/contracts';
import { ValidateBy } from 'class-validator';
import { PROMPT_TEXT_MAX, THEME_TEXT_MAX, TITLE_MAX } from './survey.dto';

const ITEM_MAX = 255;
const ITEMS_MAX = 50;

export class ObjectiveDto {
  @TextArrayField({ maxItems: ITEMS_MAX, itemMax: ITEM_MAX }) presets!: string[];
  @TextField({ max: THEME_TEXT_MAX }) customText!: string;
}

export class DeliveryAreaDto {
  @TextField({ nullable: true, max: ITEM_MAX }) preset!: string | null;
  @TextField({ max: THEME_TEXT_MAX }) customText!: string;
}

export class CategoriesDto {
  @TextArrayField({ maxItems: ITEMS_MAX, itemMax: ITEM_MAX }) labels!: string[];
  @TextField({ max: THEME_TEXT_MAX }) freeText!: string;
}

export class UpdateThemeDto {
  @TextField({ max: TITLE_MAX }) title!: string;
  @TextField({ max: TITLE_MAX }) clientName!: string;
  @NestedField(() => ObjectiveDto) objective!: ObjectiveDto;
  @NestedField(() => DeliveryAreaDto) deliveryArea!: DeliveryAreaDto;
  @NestedField(() => CategoriesDto) categories!: CategoriesDto;
  @TextField({ max: PROMPT_TEXT_MAX }) promptText!: string;
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

export class ThemeAssistDto {
  @TextField({ max: TITLE_MAX }) title!: string;
  @TextField({ max: TITLE_MAX }) clientName!: string;
  @ApiProperty(THEME_FIELD_SCHEMA) @ThemeField() objective!: unknown;
  @ApiProperty(THEME_FIELD_SCHEMA) @ThemeField() deliveryArea!: unknown;
  @ApiProperty(THEME_FIELD_SCHEMA) @ThemeField() category!: unknown;
  @TextField({ optional: true, max: PROMPT_TEXT_MAX }) promptText?: string;
  @TextArrayField({ optional: true, maxItems: ITEMS_MAX, itemMax: ITEM_MAX, description: 'Derived from category when omitted' })
  selectedCategories?: string[];
}
