export * from './env';
export * from './mongo/mongo.module';
export * from './postgres/migrations';
export * from './postgres/postgres.module';
export * from './postgres/postgres.options';
