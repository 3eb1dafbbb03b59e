import { TextField } from '@platform/contracts';

export const DEFAULT_SOURCE = 'survey_platform';

export class ExistingIdsQuery {
  @TextField({
    optional: true,
    min: 1,
    max: 255,
    default: DEFAULT_SOURCE,
    description: 'The source the questionnaires were imported under',
  })
  source: string = DEFAULT_SOURCE;
}
