import { Kysely, type Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * The recruiting schema as typed SQL (Kysely over TypeORM's pool). Inject it by this class; repositories take it,
 * or a transaction of it, as their first argument.
 */
export abstract class RecruitingDb extends Kysely<DB> {}

/** Anything queries run on: the database, or a transaction of it. */
export type Db = Kysely<DB>;

/** A transaction: what row locks (FOR UPDATE) need, so they cannot be taken where they would lock nothing. */
export type Trx = Transaction<DB>;
