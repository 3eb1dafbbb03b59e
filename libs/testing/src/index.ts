export * from './ferretdb-process';
export * from './free-port';
export * from './http-app';
export * from './paths';
export * from './test-database';
export * from './test-services';
export * from './s3-cleanup';
