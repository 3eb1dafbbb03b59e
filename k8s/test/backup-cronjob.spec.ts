import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { workspaceRoot } from '@platform/testing/harness';
import { kubectl, machineServices, NAMESPACE, PLATFORM_MONGODB_DB } from './cluster-kit';

const run = promisify(execFile);

/**
 * The backup CronJob of k8s/components/backup on the node (k8s/overlays/local includes it): a run started from it
 * backs the platform's stores up to the machine's S3 server, as BACKUP_TARGET says, in a form `backup.sh verify` accepts.
 */
describe('the backup CronJob on the local Kubernetes node', () => {
  it('backs the platform up from its CronJob, under Pod Security "restricted", to a prefix that verifies', async () => {
    const job = `backup-check-${Date.now().toString(36)}`;
    const started = Date.now();
    await kubectl('-n', NAMESPACE, 'create', 'job', job, '--from=cronjob/platform-backup');
    try {
      await kubectl('-n', NAMESPACE, 'wait', '--for=condition=complete', `job/${job}`, '--timeout=300s').catch(async (error: Error) => {
        // A pod that never started has no logs: its events say why (a full node, an image refused).
        const [logs, events] = await Promise.all([
          kubectl('-n', NAMESPACE, 'logs', `job/${job}`).catch(() => ''),
          kubectl('-n', NAMESPACE, 'describe', 'pods', '-l', `job-name=${job}`).catch(() => ''),
        ]);
        throw new Error(`${error.message}\n${logs}\n${events.split('Events:').pop()}`);
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const target = (await kubectl('-n', NAMESPACE, 'logs', `job/${job}`)).trim().split('\n').pop()!;
      expect(target).toMatch(/^s3:\/\/platform-k8s-backups\/local\/\d{8}T\d{6}Z$/);

      // Checked from the host against the same S3 server, with the backup command's own verify.
      const services = machineServices();
      const env = {
        PATH: process.env.PATH!,
        HOME: process.env.HOME ?? '/tmp',
        DATABASE_URL: services.DATABASE_URL,
        MONGODB_URI: services.MONGODB_URI,
        MONGODB_DB: PLATFORM_MONGODB_DB,
        REDIS_URL: services.REDIS_URL,
        S3_ENDPOINT: services.S3_ENDPOINT,
        S3_ACCESS_KEY_ID: services.S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: services.S3_SECRET_ACCESS_KEY,
        S3_FORCE_PATH_STYLE: 'true',
        MEDIA_S3_BUCKET: 'platform-k8s-media',
        MANIFESTS_S3_BUCKET: 'platform-k8s-ai-manifests',
      };
      const verified = await run('bash', [join(workspaceRoot, 'scripts/backup.sh'), 'verify', target], { env });
      expect(verified.stderr).toContain('every file matches SHA256SUMS');
      process.stdout.write(`  backup CronJob: a run from start to complete (s)                    ${seconds}\n`);
    } finally {
      await kubectl('-n', NAMESPACE, 'delete', 'job', job, '--wait=false');
    }
  }, 400_000);
});
