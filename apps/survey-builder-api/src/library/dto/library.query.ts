import { TextField } from '@platform/contracts';
import { PageQuery } from '../../common/page.query';

export class LibraryQuery extends PageQuery {
  @TextField({ optional: true, max: 255, description: 'Keyword over prompt text and section title' }) q?: string;
  @TextField({ optional: true, max: 255, description: 'Exact category' }) category?: string;
}
