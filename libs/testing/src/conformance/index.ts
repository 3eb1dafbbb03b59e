/**
 * OpenAPI conformance: the committed documents, their lint and teaching rules, and the check every answer of a test
 * app passes against its document.
 */
export * from './openapi-conformance';
export * from './openapi-documents';
export * from './openapi-lint';
export * from './openapi-schema';
export * from './openapi-teaching';
