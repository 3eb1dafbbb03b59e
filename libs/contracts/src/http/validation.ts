import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { DomainError, type FieldProblem } from '../errors/domain-error';

/** Flattens class-validator's error tree into dotted field paths (`mapping.name.column_index`). */
export function fieldProblems(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...fieldProblems(error.children ?? [], field)];
  });
}

/** Most problems an answer lists, and most fields its message names: enough to fix a request, never a flood. */
export const MAX_LISTED_PROBLEMS = 20;
const MAX_NAMED_FIELDS = 10;

/** VALIDATION_FAILED naming the failing fields; `unlisted` counts further failing fields not among `problems`. */
export function validationError(problems: FieldProblem[], unlisted = 0): DomainError {
  const fields = [...new Set(problems.map((p) => p.field))];
  const named = fields.slice(0, MAX_NAMED_FIELDS).join(', ');
  const others = Math.max(0, fields.length - MAX_NAMED_FIELDS) + unlisted;
  const more = others > 0 ? ` and ${others} more` : '';
  return new DomainError('VALIDATION_FAILED', `Invalid request: ${named}${more}`, problems.slice(0, MAX_LISTED_PROBLEMS));
}

/** The property names a DTO class declares rules for, which whitelisting keeps (read once per class). */
const declaredProperties = new WeakMap<object, Set<string>>();

function propertiesOf(metatype: object): Set<string> {
  let names = declaredProperties.get(metatype);
  if (!names) {
    const rules = getMetadataStorage().getTargetValidationMetadatas(metatype as () => void, '', true, false);
    declaredProperties.set(metatype, (names = new Set(rules.map((rule) => rule.propertyName))));
  }
  return names;
}

/**
 * The global validation pipe, with two refusals before any instance is built: a body that is an array where the DTO
 * describes an object, and more undeclared properties than an answer lists (MAX_LISTED_PROBLEMS; the first of them are
 * named). Both would be refused by the pipe anyway, but only after class-transformer built an instance per element or
 * class-validator an error per property: for a body of ten thousand elements at the route's limit, seconds of CPU. A
 * body with a few undeclared properties goes the whole way, so that every failing field is named. Nested values are
 * bounded by the input check (MAX_JSON_ITEMS).
 */
class PlatformValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { metatype } = metadata;
    if (metatype && value !== null && typeof value === 'object' && metadata.type !== 'custom' && this.toValidate(metadata)) {
      const where = metadata.data || metadata.type;
      if (Array.isArray(value)) throw validationError([{ field: where, message: `${where} must be an object` }]);
      const declared = propertiesOf(metatype);
      const unknown: FieldProblem[] = [];
      let unlisted = 0;
      for (const key in value) {
        if (!Object.hasOwn(value, key) || declared.has(key)) continue;
        if (unknown.length < MAX_LISTED_PROBLEMS) unknown.push({ field: key, message: `property ${key} should not exist` });
        else unlisted++;
      }
      if (unlisted > 0) throw validationError(unknown, unlisted);
    }
    return super.transform(value, metadata);
  }
}

/**
 * The global pipe: unknown properties are refused, values are transformed into the DTO's types, and
 * failures become VALIDATION_FAILED with every failing field named (each service maps the status).
 */
export function createValidationPipe(): ValidationPipe {
  return new PlatformValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // One problem per field: the first rule it breaks (a string sent for an integer is not also out of range).
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationError(fieldProblems(errors)),
  });
}
