import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { DomainError, type FieldProblem } from '../errors/domain-error';

/** Flattens class-validator's error tree into dotted field paths (`mapping.name.column_index`). */
export function fieldProblems(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...fieldProblems(error.children ?? [], field)];
  });
}

export function validationError(problems: FieldProblem[]): DomainError {
  const fields = [...new Set(problems.map((p) => p.field))].join(', ');
  return new DomainError('VALIDATION_FAILED', `Invalid request: ${fields}`, problems);
}

/**
 * The global pipe: unknown properties are refused, values are transformed into the DTO's types, and
 * failures become VALIDATION_FAILED with every failing field named (each service maps the status).
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // One problem per field: the first rule it breaks (a string sent for an integer is not also out of range).
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationError(fieldProblems(errors)),
  });
}
