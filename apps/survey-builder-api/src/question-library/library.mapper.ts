import type { LibraryItemResponse } from './dto/library-item.response';
import type { LibraryItem } from '../question-sources/library.repository';

/** A library entry as the API answers it (`LibraryItemResponse`). */
export function libraryItemResponse(item: LibraryItem): LibraryItemResponse {
  return { ...item, createdAt: item.createdAt.toISOString() };
}
