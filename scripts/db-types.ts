// Regenerates the Kysely schema interface of every PostgreSQL app from its migrations:
//   npm run db:types            (PostgreSQL must be up: bash scripts/services.sh)
// The apps' tests check the committed files against the migrations (libs/testing describeSchemaTypes).
import { generateSchemaTypes } from '@platform/testing/harness';
import { AI_JOBS_SCHEMA_TYPES } from '../apps/ai-webhook/src/database/database';
import { RECRUITING_SCHEMA_TYPES } from '../apps/recruiting-api/src/database/database';
import { SURVEY_BUILDER_SCHEMA_TYPES } from '../apps/survey-builder-api/src/database/database';

const SCHEMAS = [SURVEY_BUILDER_SCHEMA_TYPES, RECRUITING_SCHEMA_TYPES, AI_JOBS_SCHEMA_TYPES];

async function main(): Promise<void> {
  for (const schema of SCHEMAS) {
    const result = await generateSchemaTypes(schema, false);
    if (!result.ok) throw new Error(`${schema.outFile}: ${result.output}`);
    console.log(`wrote ${schema.outFile}`);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
