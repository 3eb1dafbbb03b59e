/**
 * The bad-input sweep and its classes (malformed values, pathological strings, hostile bodies, oversize bodies, the role
 * sweep), and the document specs every app runs.
 */
export * from './bad-input-sweep';
export * from './openapi-specs';
export * from './oversize-clients';
export * from './oversize-specs';
export * from './role-sweep';
export * from './sweep-hostile';
export { handBuiltForm, type FormPart } from './sweep-multipart';
