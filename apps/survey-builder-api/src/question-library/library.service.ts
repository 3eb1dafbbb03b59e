import { Injectable } from '@nestjs/common';
import { BuilderError, notFound } from '../builder.errors';
import { BuilderDb } from '../database/builder-db';
import type { Actor } from '../identity/actor';
import type { LibraryQuery } from './dto/library.query';
import type { LibraryItemResponse } from './dto/library-item.response';
import { libraryItemResponse } from './library.mapper';
import { LibraryRepository } from '../question-sources/library.repository';

@Injectable()
export class LibraryService {
  constructor(
    private readonly db: BuilderDb,
    private readonly library: LibraryRepository,
  ) {}

  async list(query: LibraryQuery): Promise<LibraryItemResponse[]> {
    return (await this.library.list(this.db, query)).map(libraryItemResponse);
  }

  /** Administrators only, checked before the entry is looked up (`deleteLibraryEntry`). */
  async remove(actor: Actor, itemId: string): Promise<{ deleted: true }> {
    if (!actor.isAdmin) throw new BuilderError('FORBIDDEN', 'Only administrators may delete library entries');
    if (!(await this.library.delete(this.db, itemId))) throw notFound('Library entry');
    return { deleted: true };
  }
}
