import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { COLLECTIONS, type NgWordDocument, toObjectId } from '@platform/race-content-data';
import { findPage, LIVE, sortBy } from '../common/mongo-page';
import { insertNamed, renameNamed, softDeleteNamed } from '../common/named-documents';
import type { PageQuery } from '../common/page.query';

/** The ng_words collection: MongoDB only here. */
@Injectable()
export class NgWordsRepository {
  constructor(@Inject(MONGO_DB) private readonly db: Db) {}

  private get words() {
    return this.db.collection<NgWordDocument>(COLLECTIONS.ngWords);
  }

  insert(word: NgWordDocument): Promise<void> {
    return insertNamed(this.words, word);
  }

  async find(id: string): Promise<NgWordDocument | undefined> {
    const _id = toObjectId(id);
    return (_id && (await this.words.findOne({ _id, ...LIVE }))) || undefined;
  }

  page(query: PageQuery) {
    return findPage(this.words, { ...LIVE }, sortBy('updated_at', query.order), query);
  }

  rename(word: NgWordDocument, name: string, now: number) {
    return renameNamed(this.words, word._id, name, now);
  }

  softDelete(word: NgWordDocument, now: number): Promise<boolean> {
    return softDeleteNamed(this.words, word._id, now);
  }
}
