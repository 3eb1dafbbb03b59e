export * from './env';
export * from './object-storage';
export * from './storage.module';
