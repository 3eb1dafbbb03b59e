// The baseline: node:http answering GET /v1/ping with the same JSON body as race-content-api.
import { createServer } from 'node:http';

const body = JSON.stringify({ message: 'pong' });
const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/v1/ping') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
    return;
  }
  res.writeHead(404).end();
});
server.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
