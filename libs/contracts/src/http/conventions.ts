import type { ExceptionFilter, NestInterceptor, Provider, Type } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { createValidationPipe } from './validation';

/**
 * The request conventions of a service, registered globally (so tests that build the module behave as
 * production): the validation pipe, the service's exception filter and, where it has one, the interceptor
 * that wraps successes in its envelope.
 */
export function httpConventions(options: { filter: Type<ExceptionFilter>; envelope?: Type<NestInterceptor> }): Provider[] {
  return [
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_FILTER, useClass: options.filter },
    ...(options.envelope ? [{ provide: APP_INTERCEPTOR, useClass: options.envelope }] : []),
  ];
}
