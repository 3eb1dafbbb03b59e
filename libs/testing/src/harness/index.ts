/**
 * The app harness: an app started on its own database, queues and bucket, its requests, the test scope that removes
 * what a test made, the fakes of third parties, the cost of a request, the worker kit and the controller specs.
 */
export * from '../workspace';
export * from './browser';
export * from './controller-specs';
export * from './entry-point';
export * from './fake-openai';
export * from './free-port';
export * from './http-app';
export * from './http-client';
export * from './mailpit';
export * from './metric-catalogue';
export * from './metrics';
export * from './otlp-receiver';
export * from './request-cost';
export * from './s3-cleanup';
export * from './schema-types';
export * from './seeded-random';
export * from './start-up-specs';
export * from './tcp-gate';
export * from './test-database';
export * from './test-lifecycle';
export * from './test-queues';
export * from './test-scope';
export * from './test-services';
export * from './worker-kit';
