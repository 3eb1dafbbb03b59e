// The floors of bench:webhook: node:http reading a wf2des phase signal (POST /api/v1/webhooks/ai-status), checking
// the key, and answering the app's acknowledgement.
//   - with DATABASE_URL and POOL_SIZE, the true floor: the signal applied the straightforward way, one statement per
//     signal through a pg pool of the app's size (no batching), the single-row form of the app's own SQL
//     (apps/ai-webhook/src/jobs/phase-moves.repository.ts MOVE_PHASES with audit.repository.ts AUDIT_CHANGED_ROWS):
//     the guarded UPDATE of the job and its audit row in one statement, which also returns the job as it was when
//     nothing moved; for a signal that changed nothing, a second statement writes the ignored audit row
//     (audit.repository.ts INSERT_IGNORED);
//   - without them, the same answer without a database: what HTTP alone costs.
// Usage: node bare-webhook-server.mjs PORT KEY [DATABASE_URL POOL_SIZE]
import { createServer } from 'node:http';
import pg from 'pg';

const [port, key, databaseUrl, poolSize] = process.argv.slice(2);
const pool = databaseUrl && new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize), options: '-c search_path=ai_jobs,public' });

/** parse_started (the only signal the bench sends): to parse, from no phase yet. */
const MOVE_PHASE = `
  WITH changed AS (
    UPDATE ai_job j SET phase = 'parse', updated_at = now()
    WHERE j.job_id = $1 AND j.kind = 'wf2des' AND j.attempt = $2 AND j.nonce = $3 AND j.status = 0 AND j.phase IS NULL
    RETURNING j.organization_id, j.project_id
  ), audited AS (
    INSERT INTO webhook_audit (type, organization_id, project_id, record_id, attempt, status, outcome)
    SELECT $4, organization_id, project_id, $1, $2, $5, 'applied' FROM changed
  )
  SELECT EXISTS (SELECT FROM changed) AS applied, j.organization_id, j.project_id, j.attempt, j.nonce, j.status, j.phase,
         a.nonce AS attempt_nonce
  FROM (SELECT) one
  LEFT JOIN ai_job j ON j.job_id = $1 AND j.kind = 'wf2des'
  LEFT JOIN ai_job_attempt a ON a.job_id = $1 AND a.attempt = $2`;

const INSERT_IGNORED = `
  INSERT INTO webhook_audit (type, organization_id, project_id, record_id, attempt, status, outcome, reason)
  VALUES ($1, $2, $3, $4, $5, $6, 'ignored', $7)`;

async function apply(callback) {
  if (!pool) return 'Status applied';
  const { job_id: jobId, attempt, nonce, type, status } = callback;
  const [row] = (await pool.query(MOVE_PHASE, [jobId, attempt, nonce, type, status])).rows;
  if (row.applied) return 'Status applied';
  if (row.organization_id === null) return undefined;
  const reason = row.status !== 0 ? 'finished' : `superseded: phase is ${row.phase}`;
  await pool.query(INSERT_IGNORED, [type, row.organization_id, row.project_id, jobId, attempt, status, reason]);
  return `Nothing changed: ${reason}`;
}

function answer(res, code, body) {
  const text = JSON.stringify(body);
  res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/api/v1/webhooks/ai-status') {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    if (req.headers['x-api-key'] !== key) {
      res.writeHead(401).end();
      return;
    }
    const callback = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    apply(callback).then(
      (message) =>
        message === undefined
          ? answer(res, 404, { message: 'The job was not found' })
          : answer(res, 200, { message, type: callback.type, recordId: callback.job_id, status: 'success' }),
      (error) => answer(res, 500, { message: String(error) }),
    );
  });
});
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => (pool ? pool.end() : Promise.resolve()).then(() => process.exit(0))));
