import { Injectable } from '@nestjs/common';
import { ObjectId } from 'mongodb';
import type { PagedList } from '@platform/contracts';
import { NAME_TAKEN, type NgWordDocument, NgWordStore } from '@platform/race-content-data';
import { pagedOf } from '../common/paged';
import type { PageQuery } from '../common/page.query';
import { nameTaken, notFound } from '../race-content.errors';
import type { NgWordResponse } from './dto/ng-word.dto';

export const toNgWordResponse = (word: NgWordDocument): NgWordResponse => ({
  id: word._id.toHexString(),
  name: word.name,
  created_at: word.created_at,
  updated_at: word.updated_at,
});

/** Prohibited words the generation workers screen their output with; names are unique (409). */
@Injectable()
export class NgWordsService {
  constructor(private readonly words: NgWordStore) {}

  async create(name: string): Promise<NgWordResponse> {
    const now = Date.now();
    const word: NgWordDocument = { _id: new ObjectId(), name, created_at: now, updated_at: now, deleted_at: null };
    if ((await this.words.insertNamed(word)) === NAME_TAKEN) throw nameTaken(name);
    return toNgWordResponse(word);
  }

  async list(query: PageQuery): Promise<PagedList<NgWordResponse>> {
    return pagedOf(query, await this.words.page(query), toNgWordResponse);
  }

  async get(id: string): Promise<NgWordResponse> {
    return toNgWordResponse(await this.require(id));
  }

  async rename(id: string, name: string): Promise<NgWordResponse> {
    const word = await this.require(id);
    if (word.name === name) return toNgWordResponse(word);
    const renamed = await this.words.rename(word, name, Date.now());
    if (renamed === NAME_TAKEN) throw nameTaken(name);
    if (!renamed) throw notFound('The NG word');
    return toNgWordResponse(renamed);
  }

  async delete(id: string): Promise<void> {
    const word = await this.require(id);
    if (!(await this.words.softDelete(word, Date.now()))) throw notFound('The NG word');
  }

  private async require(id: string): Promise<NgWordDocument> {
    const word = await this.words.findById(id);
    if (!word) throw notFound('The NG word');
    return word;
  }
}
