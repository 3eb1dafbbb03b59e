import { Injectable } from '@nestjs/common';
import type { Db, Trx } from '../database/recruiting-db';

export interface RefreshTokenRow {
  id: number;
  familyId: string;
  userId: number;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

/** Refresh tokens by the SHA-256 digest of their value; the value itself is never stored. */
@Injectable()
export class RefreshTokensRepository {
  async insert(db: Db, row: { tokenHash: Buffer; familyId: string; userId: number; expiresAt: Date }): Promise<void> {
    await db.insertInto('refreshTokens').values(row).execute();
  }

  /** The row of a refresh token, without a lock (to learn its user before the rotation's transaction). */
  async findByHash(db: Db, tokenHash: Buffer): Promise<{ userId: number } | undefined> {
    return db.selectFrom('refreshTokens').select('userId').where('tokenHash', '=', tokenHash).executeTakeFirst();
  }

  async lockByHash(trx: Trx, tokenHash: Buffer): Promise<RefreshTokenRow | undefined> {
    return trx
      .selectFrom('refreshTokens')
      .select(['id', 'familyId', 'userId', 'expiresAt', 'usedAt', 'revokedAt'])
      .where('tokenHash', '=', tokenHash)
      .forUpdate()
      .executeTakeFirst();
  }

  async markUsed(trx: Trx, id: number): Promise<void> {
    await trx.updateTable('refreshTokens').set({ usedAt: new Date() }).where('id', '=', id).execute();
  }

  async revokeFamily(db: Db, familyId: string): Promise<void> {
    await db
      .updateTable('refreshTokens')
      .set({ revokedAt: new Date() })
      .where('familyId', '=', familyId)
      .where('revokedAt', 'is', null)
      .execute();
  }

  async revokeUser(db: Db, userId: number): Promise<number> {
    const result = await db
      .updateTable('refreshTokens')
      .set({ revokedAt: new Date() })
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
