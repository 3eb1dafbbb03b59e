import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ObjectId } from 'mongodb';
import type { PagedList } from '@platform/contracts';
import { type CategoryDocument, CategoryStore, NAME_TAKEN, SEEDED_CATEGORIES } from '@platform/race-content-data';
import { pagedOf } from '../common/paged';
import type { PageQuery } from '../common/page.query';
import { nameTaken } from '../race-content.errors';
import type { CategoryResponse } from './dto/category.dto';

const toCategoryResponse = (category: CategoryDocument): CategoryResponse => ({
  id: category._id.toHexString(),
  name: category.name,
  created_at: category.created_at,
  updated_at: category.updated_at,
});

/**
 * Blog categories (spec: referenced, routes not shown). レース結果・回顧 and レース予想・検証 exist from the start,
 * because blog generation links recaps and predictions to them by name.
 */
@Injectable()
export class CategoriesService implements OnApplicationBootstrap {
  constructor(private readonly categories: CategoryStore) {}

  async onApplicationBootstrap(): Promise<void> {
    const now = Date.now();
    for (const name of SEEDED_CATEGORIES) await this.categories.ensure(name, now);
  }

  async create(name: string): Promise<CategoryResponse> {
    const now = Date.now();
    const category: CategoryDocument = { _id: new ObjectId(), name, created_at: now, updated_at: now, deleted_at: null };
    if ((await this.categories.insertNamed(category)) === NAME_TAKEN) throw nameTaken(name);
    return toCategoryResponse(category);
  }

  async list(query: PageQuery): Promise<PagedList<CategoryResponse>> {
    return pagedOf(query, await this.categories.page(query), toCategoryResponse);
  }
}
