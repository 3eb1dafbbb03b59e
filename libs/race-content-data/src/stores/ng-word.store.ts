import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { MONGO_DB } from '@platform/persistence';
import { COLLECTIONS } from '../documents/collections';
import type { NgWordDocument } from '../documents/documents';
import { LIVE, NamedStore } from './live-store';

/** The ng_words collection: the API edits it, the workers screen generated text against it. */
@Injectable()
export class NgWordStore extends NamedStore<NgWordDocument> {
  constructor(@Inject(MONGO_DB) db: Db) {
    super(db, COLLECTIONS.ngWords);
  }

  /** The prohibited words generation output is screened against. */
  async activeWords(): Promise<string[]> {
    const words = await this.collection.find(LIVE, { projection: { name: 1 } }).toArray();
    return words.map((w) => w.name).filter((name) => name.length > 0);
  }
}
