import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BuilderError, notFound } from '../builder-error';
import type { Actor } from '../identity/actor';
import { libraryItemResponse, LibraryRepository } from './library.repository';

@Injectable()
export class LibraryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly library: LibraryRepository,
  ) {}

  async list(query: { q?: string; category?: string; limit: number; offset: number }) {
    return (await this.library.list(this.dataSource.manager, query)).map(libraryItemResponse);
  }

  /** Administrators only, checked before the entry is looked up (spec 4.6). */
  async remove(actor: Actor, itemId: string) {
    if (!actor.isAdmin) throw new BuilderError('FORBIDDEN', 'Only administrators may delete library entries');
    if (!(await this.library.delete(this.dataSource.manager, itemId))) throw notFound('Library entry');
    return { deleted: true };
  }
}
