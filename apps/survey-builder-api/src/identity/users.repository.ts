import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface UserRow {
  id: string;
  email: string;
  name: string;
}

@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The user with this email, created on first sight; a different name replaces the stored one. Reads
   * first, so the common request (a known user, same name) writes nothing.
   */
  async resolve(email: string, name: string | undefined): Promise<UserRow> {
    const [known] = await this.dataSource.query<UserRow[]>(`SELECT id, email, name FROM "user" WHERE email = $1`, [email]);
    if (known && (name === undefined || known.name === name)) return known;
    const [user] = await this.dataSource.query<UserRow[]>(
      `INSERT INTO "user" (email, name) VALUES ($1, $2)
       ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
       RETURNING id, email, name`,
      [email, name ?? known?.name ?? email.split('@')[0]],
    );
    return user;
  }

  async existing(manager: EntityManager, ids: string[]): Promise<UserRow[]> {
    return manager.query<UserRow[]>(`SELECT id, email, name FROM "user" WHERE id = ANY($1::uuid[])`, [ids]);
  }
}
