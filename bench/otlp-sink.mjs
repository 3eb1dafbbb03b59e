// A stand-in trace store for the overhead benches: accepts OTLP/HTTP exports (POST /v1/traces), reads and drops
// them, and answers as a collector does. A process of its own, so receiving spans costs the measured app nothing
// a real collector on another machine would not.
import { createServer } from 'node:http';

let spans = 0;
const server = createServer((req, res) => {
  let bytes = 0;
  req.on('data', (chunk) => (bytes += chunk.length));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/v1/traces') {
      spans += bytes > 0 ? 1 : 0;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    if (req.method === 'GET' && req.url === '/exports') return res.writeHead(200).end(String(spans));
    res.writeHead(404).end();
  });
});
server.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
