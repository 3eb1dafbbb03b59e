import { TextField } from '@platform/contracts';
import { PageQuery } from '../../common/page.query';

export class LibraryQuery extends PageQuery {
  @TextField({
    optional: true,
    max: 255,
    description: 'Keyword matched (case-insensitive, partial) against the prompt text and the section title',
    example: 'コーヒー',
  })
  q?: string;
  @TextField({ optional: true, max: 255, description: 'Only entries of exactly this category', example: '飲料' }) category?: string;
}
