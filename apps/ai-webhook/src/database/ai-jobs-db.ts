import { Kysely, type Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * The ai_jobs schema as typed SQL (Kysely over TypeORM's pool). Inject it by this class; repositories take
 * it, or a transaction of it, as their first argument.
 */
export abstract class AiJobsDb extends Kysely<DB> {}

export type Db = Kysely<DB>;
export type Trx = Transaction<DB>;
