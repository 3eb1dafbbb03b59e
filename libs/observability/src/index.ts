export * from './settings';
export * from './tracing';
