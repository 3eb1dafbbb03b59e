import type { ValidationError } from '@nestjs/common';
import { fieldProblems, validationError } from './validation';

describe('fieldProblems', () => {
  it('flattens nested errors into dotted paths', () => {
    const errors: ValidationError[] = [
      { property: 'templateId', constraints: { isInt: 'templateId must be an integer' }, children: [] },
      {
        property: 'mapping',
        children: [
          { property: 'name', children: [{ property: 'column_index', constraints: { min: 'column_index must not be less than 0' } }] },
        ],
      },
    ];
    expect(fieldProblems(errors)).toEqual([
      { field: 'templateId', message: 'templateId must be an integer' },
      { field: 'mapping.name.column_index', message: 'column_index must not be less than 0' },
    ]);
  });

  it('names each failing field once in the message', () => {
    const error = validationError([
      { field: 'a', message: 'x' },
      { field: 'a', message: 'y' },
      { field: 'b', message: 'z' },
    ]);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Invalid request: a, b');
  });
});
