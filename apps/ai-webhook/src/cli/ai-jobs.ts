// The operator command (issue 12), from the repository root while the platform is up:
//   npm run -s ai-jobs -- create --kind <design-import|code-import|des2code|page_import|code2des|wf2des> --org <id> --project <id>
//   npm run -s ai-jobs -- retry --job <job_id>
//   npm run -s ai-jobs -- grant --org <id> --project <id> --subject <idp subject>
// Prints one JSON line. scripts/ai-jobs.sh points it at the platform database and manifests bucket.
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { postgresDataSourceOptions, sqlDatabaseOver } from '@platform/persistence';
import { loadAiJobsCliConfig } from '../config';
import type { Db } from '../database/ai-jobs-db';
import type { DB } from '../database/schema';
import { AI_JOBS_DATABASE } from '../database/database';
import { AiJobsOperations, JOB_KINDS, OperatorError, RECORD_KINDS, type RowKind } from './ai-jobs-operations';

const USAGE = `usage:
  ai-jobs create --kind <${[...RECORD_KINDS, ...JOB_KINDS].join('|')}> --org <id> --project <id>
  ai-jobs retry --job <job_id>
  ai-jobs grant --org <id> --project <id> --subject <idp subject>`;

function positiveId(value: string | undefined, name: string): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1)
    throw new OperatorError(`--${name} must be a positive integer`);
  return id;
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new OperatorError(`--${name} is required`);
  return value;
}

async function run(operations: AiJobsOperations, argv: string[]): Promise<object> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      kind: { type: 'string' },
      org: { type: 'string' },
      project: { type: 'string' },
      job: { type: 'string' },
      subject: { type: 'string' },
    },
  });
  switch (positionals[0]) {
    case 'create': {
      const kind = required(values.kind, 'kind');
      if (![...RECORD_KINDS, ...JOB_KINDS].includes(kind as RowKind)) throw new OperatorError(`--kind ${kind} is not one of the kinds`);
      return operations.create(kind as RowKind, positiveId(values.org, 'org'), positiveId(values.project, 'project'));
    }
    case 'retry':
      return operations.retry(required(values.job, 'job'));
    case 'grant':
      return operations.grant(positiveId(values.org, 'org'), positiveId(values.project, 'project'), required(values.subject, 'subject'));
    default:
      throw new OperatorError(USAGE);
  }
}

async function main(): Promise<void> {
  const config = loadAiJobsCliConfig();
  const dataSource = new DataSource(postgresDataSourceOptions({ ...AI_JOBS_DATABASE, url: config.databaseUrl, poolSize: 2 }));
  await dataSource.initialize();
  try {
    const db = sqlDatabaseOver<DB>(dataSource) as Db;
    process.stdout.write(`${JSON.stringify(await run(new AiJobsOperations(db, config.bucket), process.argv.slice(2)))}\n`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error instanceof OperatorError ? error.message : `ai-jobs failed: ${error.message}`}\n`);
  process.exit(error instanceof OperatorError ? 2 : 1);
});
