import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { containsPattern } from '@platform/persistence';
import type { Role } from '@platform/auth';
import type { Db, Trx } from '../recruiting-db';

export interface UserRow {
  id: number;
  email: string;
  name: string;
  picture: string | null;
  role: string;
  /** Whether authority may be keyed on the email (the provider verified it, or an operator vouched for it). */
  emailVerified: boolean;
  createdAt: Date;
}

export interface UserFilter {
  role?: Role;
  search?: string;
}

const COLUMNS = ['id', 'email', 'name', 'picture', 'role', 'emailVerified', 'createdAt'] as const;

/** The users table: SQL only here. */
@Injectable()
export class UsersRepository {
  async page(db: Db, filter: UserFilter, offset: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
    let query = db.selectFrom('users');
    if (filter.role) query = query.where('role', '=', filter.role);
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern)]));
    }
    const [rows, count] = await Promise.all([
      query.select(COLUMNS).orderBy('id').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  async find(db: Db, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** The user's current role, or undefined when the user no longer exists (one primary-key lookup). */
  async roleOf(db: Db, id: number): Promise<string | undefined> {
    return (await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst())?.role;
  }

  /** Locks every administrator row (FOR UPDATE), so concurrent demotions see each other's outcome. */
  async lockAdminIds(trx: Trx): Promise<number[]> {
    const rows = await trx.selectFrom('users').select('id').where('role', '=', 'admin').forUpdate().execute();
    return rows.map((r) => r.id);
  }

  async setRole(trx: Trx, id: number, role: Role): Promise<UserRow | undefined> {
    return trx.updateTable('users').set({ role, updatedAt: new Date() }).where('id', '=', id).returning(COLUMNS).executeTakeFirst();
  }

  /**
   * The user a login belongs to: by provider subject, or (when the login's email is verified, `email` given) the user
   * holding that address as a verified one, an operator-created user with no subject yet to be linked.
   */
  async lockForLogin(trx: Trx, subject: string, email?: string): Promise<(UserRow & { idpSubject: string | null }) | undefined> {
    const bySubject = await trx
      .selectFrom('users')
      .select([...COLUMNS, 'idpSubject'])
      .where('idpSubject', '=', subject)
      .forUpdate()
      .executeTakeFirst();
    if (bySubject || email === undefined) return bySubject;
    return trx
      .selectFrom('users')
      .select([...COLUMNS, 'idpSubject'])
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('emailVerified', '=', true)
      .forUpdate()
      .executeTakeFirst();
  }

  async insert(
    trx: Trx,
    user: { idpSubject: string; email: string; emailVerified: boolean; name: string; picture: string | null; role: Role },
  ): Promise<UserRow> {
    return trx.insertInto('users').values(user).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  async updateProfile(
    trx: Trx,
    id: number,
    profile: { idpSubject: string; email: string; emailVerified: boolean; name: string; picture: string | null },
  ): Promise<UserRow> {
    return trx
      .updateTable('users')
      .set({ ...profile, updatedAt: new Date() })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }
}
