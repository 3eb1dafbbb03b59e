import type { AppDatabase } from '@platform/persistence';
import { RecruitingUsers1767000000000 } from './migrations/1767000000000-recruiting-users';
import { RecruitingCandidates1767000001000 } from './migrations/1767000001000-recruiting-candidates';
import { RecruitingSessions1767000001500 } from './migrations/1767000001500-recruiting-sessions';
import { RecruitingImports1767000002000 } from './migrations/1767000002000-recruiting-imports';
import { RecruitingScheduling1767000003000 } from './migrations/1767000003000-recruiting-scheduling';
import { RecruitingCandidateScores1767000004000 } from './migrations/1767000004000-recruiting-candidate-scores';
import { RecruitingBoundLogins1767000005100 } from './migrations/1767000005100-recruiting-bound-logins';
import { RecruitingMaskedEmailLogs1767000005500 } from './migrations/1767000005500-recruiting-masked-email-logs';

/** The recruiting schema and its migrations, in order. */
export const RECRUITING_DATABASE: AppDatabase = {
  schema: 'recruiting',
  entities: [],
  migrations: [
    RecruitingUsers1767000000000,
    RecruitingCandidates1767000001000,
    RecruitingSessions1767000001500,
    RecruitingImports1767000002000,
    RecruitingScheduling1767000003000,
    RecruitingCandidateScores1767000004000,
    RecruitingBoundLogins1767000005100,
    RecruitingMaskedEmailLogs1767000005500,
  ],
};

/** Where kysely-codegen writes the schema's types (npm run db:types), checked against the migrations by a test. */
export const RECRUITING_SCHEMA_TYPES = {
  database: RECRUITING_DATABASE,
  outFile: 'apps/recruiting-api/src/database/schema.ts',
};
