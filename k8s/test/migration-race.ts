import { Client } from 'pg';
import { NAMESPACE, apply, kubectl, machineServices, platformSecrets } from './cluster-kit';

const SCHEMAS: Record<string, { schema: string; secretKey: string }> = {
  'recruiting-api': { schema: 'recruiting', secretKey: 'RECRUITING_DATABASE_URL' },
  'survey-builder-api': { schema: 'survey_builder', secretKey: 'SURVEY_BUILDER_DATABASE_URL' },
  'ai-webhook': { schema: 'ai_jobs', secretKey: 'AI_JOBS_DATABASE_URL' },
};

const RESTRICTED = {
  runAsNonRoot: true,
  runAsUser: 1000,
  runAsGroup: 1000,
  seccompProfile: { type: 'RuntimeDefault' },
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
};

/**
 * `pods` copies of an app's migrate container (the init container of its Deployment) started together as one Job
 * against an empty database of their own: how many applied the migrations, how many found the schema current, and
 * how many migration rows were written twice. The database is dropped afterwards.
 */
export async function migrationRace(app: string, pods: number) {
  const { schema, secretKey } = SCHEMAS[app];
  const database = `k8s_migrate_${schema}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: machineServices().DATABASE_URL });
  await admin.connect();
  const job = `migrate-race-${app}`;
  try {
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(platformSecrets()[secretKey]);
    url.pathname = `/${database}`;
    await kubectl('-n', NAMESPACE, 'delete', 'job', job, '--ignore-not-found', '--wait=true');
    await apply([
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: job, namespace: NAMESPACE },
        spec: {
          parallelism: pods,
          completions: pods,
          backoffLimit: 0,
          template: {
            metadata: { labels: { 'migrate-race': app } },
            spec: {
              restartPolicy: 'Never',
              automountServiceAccountToken: false,
              securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
              containers: [
                {
                  name: 'migrate',
                  image: `localhost/platform/${app}:dev`,
                  imagePullPolicy: 'Never',
                  command: ['node', `dist/apps/${app}/apps/${app}/src/migrate.js`],
                  env: [
                    { name: 'NODE_ENV', value: 'production' },
                    { name: 'DATABASE_URL', value: url.toString() },
                  ],
                  securityContext: RESTRICTED,
                },
              ],
            },
          },
        },
      },
    ]);
    await kubectl('-n', NAMESPACE, 'wait', '--for=condition=Complete', `job/${job}`, '--timeout=300s');
    const logs = await kubectl('-n', NAMESPACE, 'logs', '-l', `migrate-race=${app}`, '--tail=-1', '--max-log-requests=10');
    const messages = logs
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => String(JSON.parse(line).msg));
    const db = new Client({
      connectionString: url.toString().replace(/@postgres:\d+/, `@${new URL(machineServices().DATABASE_URL).host}`),
    });
    await db.connect();
    try {
      const rows = (await db.query<{ name: string; n: number }>(`SELECT name, count(*)::int AS n FROM ${schema}.migrations GROUP BY name`))
        .rows;
      return {
        applied: messages.filter((m) => m.startsWith('applied ')).length,
        current: messages.filter((m) => m === `schema ${schema} is current`).length,
        migrations: rows.length,
        duplicates: rows.filter((r) => r.n > 1).length,
      };
    } finally {
      await db.end();
    }
  } finally {
    await kubectl('-n', NAMESPACE, 'delete', 'job', job, '--ignore-not-found', '--wait=true').catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}
