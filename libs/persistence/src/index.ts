export * from './env';
export * from './mongo/mongo.module';
export * from './postgres/migrate-main';
export * from './postgres/migrations';
export * from './postgres/postgres.module';
export * from './postgres/postgres.options';
export * from './redis/redis.module';
export * from './sql/sql-database';
