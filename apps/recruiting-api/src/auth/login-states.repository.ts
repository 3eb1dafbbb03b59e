import { Injectable } from '@nestjs/common';
import type { Db } from '../database/recruiting-db';

export interface LoginState {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** SHA-256 digest of the cookie the login's start set in the browser (null: a row of an earlier release). */
  browserBinding: Buffer | null;
}

/** Authorization requests in flight, in PostgreSQL so that any replica can finish a login another one started. */
@Injectable()
export class LoginStatesRepository {
  async save(db: Db, login: LoginState, expiresAt: Date): Promise<void> {
    await db.deleteFrom('loginStates').where('expiresAt', '<', new Date()).execute();
    await db
      .insertInto('loginStates')
      .values({ state: login.state, nonce: login.nonce, codeVerifier: login.codeVerifier, browserBinding: login.browserBinding, expiresAt })
      .execute();
  }

  /** Takes the state if it exists and has not expired: one use, so a replayed callback finds nothing. */
  async take(db: Db, state: string): Promise<LoginState | undefined> {
    return db
      .deleteFrom('loginStates')
      .where('state', '=', state)
      .where('expiresAt', '>', new Date())
      .returning(['state', 'nonce', 'codeVerifier', 'browserBinding'])
      .executeTakeFirst();
  }
}
