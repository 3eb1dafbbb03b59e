import { applyDecorators, type Type } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, Type as TransformType } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/**
 * Request fields declared once: each decorator applies the validation and the matching OpenAPI property,
 * so the document states exactly what the pipe enforces. Every string has a maximum length and every
 * number a range.
 *
 * Presence: a required field must be present; an optional one may be absent (undefined). `null` is
 * refused unless the field is nullable: absent and null mean different things (unchanged and cleared),
 * and a null that slipped through would reach a NOT NULL column.
 */
export interface Presence {
  optional?: boolean;
  nullable?: boolean;
  description?: string;
  example?: unknown;
  default?: unknown;
}

type Decorator = PropertyDecorator;

function presence(options: Presence): Decorator[] {
  const { optional = false, nullable = false } = options;
  if (optional && nullable) return [ValidateIf((_, value) => value !== undefined && value !== null)];
  if (optional) return [ValidateIf((_, value) => value !== undefined)];
  if (nullable) return [ValidateIf((_, value) => value !== null), IsDefined()];
  return [IsDefined()];
}

function documented(options: Presence, schema: ApiPropertyOptions): Decorator {
  return ApiProperty({
    ...schema,
    required: !options.optional,
    ...(options.nullable ? { nullable: true } : {}),
    ...(options.description ? { description: options.description } : {}),
    ...(options.example !== undefined ? { example: options.example } : {}),
    ...(options.default !== undefined ? { default: options.default } : {}),
  } as ApiPropertyOptions);
}

export interface TextOptions extends Presence {
  max: number;
  min?: number;
  pattern?: RegExp;
  /** What a value not matching the pattern is told. */
  patternMessage?: string;
  format?: string;
}

export function TextField(options: TextOptions): Decorator {
  const min = options.min ?? 0;
  return applyDecorators(
    ...presence(options),
    IsString(),
    MaxLength(options.max),
    ...(min > 0 ? [MinLength(min)] : []),
    ...(options.pattern ? [Matches(options.pattern, options.patternMessage ? { message: options.patternMessage } : {})] : []),
    documented(options, {
      type: String,
      maxLength: options.max,
      ...(min > 0 ? { minLength: min } : {}),
      ...(options.pattern ? { pattern: options.pattern.source } : {}),
      ...(options.format ? { format: options.format } : {}),
    }),
  );
}

/** A UUID, compared in lower case everywhere (an upper-case id names the same row). */
export function UuidField(options: Presence = {}): Decorator {
  return applyDecorators(
    Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value)),
    ...presence(options),
    IsUUID(),
    documented(options, { type: String, format: 'uuid' }),
  );
}

export interface NumberOptions extends Presence {
  min: number;
  max: number;
  /** The value arrives as text (query and path parameters): digits are turned into a number first. */
  fromText?: boolean;
}

const INTEGER_TEXT = /^-?\d{1,16}$/;
const NUMBER_TEXT = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** An integer within [min, max]; from text only plain digits count (1.5, 1e3 and 0x10 are refused). */
export function IntField(options: NumberOptions): Decorator {
  return applyDecorators(
    ...(options.fromText
      ? [Transform(({ value }) => (typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : value))]
      : []),
    ...presence(options),
    IsInt(),
    Min(options.min),
    Max(options.max),
    documented(options, { type: 'integer', minimum: options.min, maximum: options.max }),
  );
}

/** A finite number within [min, max]. */
export function NumberField(options: NumberOptions): Decorator {
  return applyDecorators(
    ...(options.fromText ? [Transform(({ value }) => (typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : value))] : []),
    ...presence(options),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    Min(options.min),
    Max(options.max),
    documented(options, { type: 'number', minimum: options.min, maximum: options.max }),
  );
}

export interface BoolOptions extends Presence {
  /** The value arrives as text: only `true` and `false` count. */
  fromText?: boolean;
}

export function BoolField(options: BoolOptions = {}): Decorator {
  return applyDecorators(
    ...(options.fromText ? [Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))] : []),
    ...presence(options),
    IsBoolean(),
    documented(options, { type: Boolean }),
  );
}

export function EnumField(values: readonly (string | number)[], options: Presence = {}): Decorator {
  return applyDecorators(...presence(options), IsIn(values as unknown[]), documented(options, { enum: [...values] }));
}

export interface ArrayOptions extends Presence {
  maxItems: number;
  minItems?: number;
}

/** An array of strings, each at most `itemMax` characters. */
export function TextArrayField(options: ArrayOptions & { itemMax: number }): Decorator {
  return applyDecorators(
    ...presence(options),
    IsArray(),
    ...(options.minItems ? [ArrayMinSize(options.minItems)] : []),
    ArrayMaxSize(options.maxItems),
    IsString({ each: true }),
    MaxLength(options.itemMax, { each: true }),
    documented(options, {
      type: 'array',
      items: { type: 'string', maxLength: options.itemMax },
      maxItems: options.maxItems,
      ...(options.minItems ? { minItems: options.minItems } : {}),
    }),
  );
}

/** An array of UUIDs, lower-cased. */
export function UuidArrayField(options: ArrayOptions): Decorator {
  return applyDecorators(
    Transform(({ value }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.toLowerCase() : v)) : value)),
    ...presence(options),
    IsArray(),
    ...(options.minItems ? [ArrayMinSize(options.minItems)] : []),
    ArrayMaxSize(options.maxItems),
    IsUUID(undefined, { each: true }),
    documented(options, {
      type: 'array',
      items: { type: 'string', format: 'uuid' },
      maxItems: options.maxItems,
      ...(options.minItems ? { minItems: options.minItems } : {}),
    }),
  );
}

/** An array of integers within [min, max]. */
export function IntArrayField(options: ArrayOptions & { min: number; max: number }): Decorator {
  return applyDecorators(
    ...presence(options),
    IsArray(),
    ...(options.minItems ? [ArrayMinSize(options.minItems)] : []),
    ArrayMaxSize(options.maxItems),
    IsInt({ each: true }),
    Min(options.min, { each: true }),
    Max(options.max, { each: true }),
    documented(options, {
      type: 'array',
      items: { type: 'integer', minimum: options.min, maximum: options.max },
      maxItems: options.maxItems,
      ...(options.minItems ? { minItems: options.minItems } : {}),
    }),
  );
}

/** A nested object validated as `type`. */
export function NestedField(type: () => Type<unknown>, options: Presence = {}): Decorator {
  return applyDecorators(
    ...presence(options),
    IsObject(),
    ValidateNested(),
    TransformType(type),
    // @nestjs/swagger knows a lazy type by its function being named `type`, as it is written here.
    documented(options, { type: () => type() }),
  );
}

/** An array of nested objects, each validated as `type`. */
export function NestedArrayField(type: () => Type<unknown>, options: ArrayOptions): Decorator {
  return applyDecorators(
    ...presence(options),
    IsArray(),
    ...(options.minItems ? [ArrayMinSize(options.minItems)] : []),
    ArrayMaxSize(options.maxItems),
    IsObject({ each: true }),
    ValidateNested({ each: true }),
    TransformType(type),
    documented(options, {
      type: () => type(),
      isArray: true,
      maxItems: options.maxItems,
      ...(options.minItems ? { minItems: options.minItems } : {}),
    } as ApiPropertyOptions),
  );
}

/** A free-form JSON object (kept as sent). */
export function JsonObjectField(options: Presence = {}): Decorator {
  return applyDecorators(...presence(options), IsObject(), documented(options, { type: 'object', additionalProperties: true }));
}
