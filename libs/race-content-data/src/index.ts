export * from './body-html';
export * from './collections';
export * from './documents';
export * from './embedding-text';
export * from './jobs';
export * from './ng-words';
export * from './race-result';
export * from './stores';
