// The baseline: node:http reading a JSON POST to /api/v1/webhooks/ai-status, checking the key, and answering
// the same acknowledgement as ai-webhook, without a database.
import { createServer } from 'node:http';

const key = process.argv[3];
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
    const body = JSON.stringify({ message: 'Status applied', type: callback.type, recordId: callback.job_id, status: 'success' });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
