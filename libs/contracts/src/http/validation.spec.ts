import type { ValidationError } from '@nestjs/common';
import { cpuMsOf } from '@platform/testing/harness';
import { IsInt, IsOptional, IsString } from 'class-validator';
import type { DomainError } from '../errors/domain-error';
import { createValidationPipe, fieldProblems, validationError } from './validation';

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

describe('the validation pipe', () => {
  class Dto {
    @IsString()
    name!: string;

    @IsOptional()
    @IsInt()
    count?: number;
  }
  const pipe = createValidationPipe();
  const body = { type: 'body' as const, metatype: Dto, data: '' };
  const refusal = async (value: unknown) => {
    try {
      await pipe.transform(value, body);
    } catch (error) {
      return error as DomainError;
    }
    throw new Error('accepted');
  };

  it('accepts a valid body and transforms it into the DTO', async () => {
    expect(await pipe.transform({ name: 'a', count: 2 }, body)).toBeInstanceOf(Dto);
  });

  it('refuses an array for an object at once, whatever its length', async () => {
    const { cpuMs, result: error } = await cpuMsOf(() => refusal(new Array(10_000).fill({ name: 'a' })));
    expect(cpuMs).toBeLessThan(50);
    expect(error.details).toEqual([{ field: 'body', message: 'body must be an object' }]);
  });

  it('names at most 20 undeclared properties, and at most 10 in the message, without building the instance', async () => {
    const flood = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
    const { cpuMs, result: error } = await cpuMsOf(() => refusal({ name: 'a', ...flood }));
    expect(cpuMs).toBeLessThan(50);
    expect(error.details).toHaveLength(20);
    expect(error.details![0]).toEqual({ field: 'k0', message: 'property k0 should not exist' });
    expect(error.message).toBe('Invalid request: k0, k1, k2, k3, k4, k5, k6, k7, k8, k9 and 9990 more');
  });

  it('names every failing field of an ordinary body, undeclared ones among them', async () => {
    expect((await refusal({ name: 1 })).details).toEqual([{ field: 'name', message: 'name must be a string' }]);
    expect((await refusal({ count: 'x', extra: 1 })).details!.map((p) => p.field).sort()).toEqual(['count', 'extra', 'name']);
  });
});
