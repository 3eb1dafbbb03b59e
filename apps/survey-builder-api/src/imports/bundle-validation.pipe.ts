import { Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { fieldProblems, validationError } from '@platform/contracts';
import { ImportBundleDto } from './dto/bundle.dto';

/**
 * Validates a bundle against ImportBundleDto but hands on the body as it came: unknown fields are part of
 * the contract (stored as raw JSON), so nothing may be stripped or refused for being unknown.
 */
@Injectable()
export class BundleValidationPipe implements PipeTransform<unknown, Promise<ImportBundleDto>> {
  async transform(value: unknown): Promise<ImportBundleDto> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw validationError([{ field: 'body', message: 'The body must be a JSON object' }]);
    }
    const bundle = plainToInstance(ImportBundleDto, value);
    const errors = await validate(bundle, { whitelist: false, forbidNonWhitelisted: false, stopAtFirstError: true });
    if (errors.length) throw validationError(fieldProblems(errors));
    return value as ImportBundleDto;
  }
}
