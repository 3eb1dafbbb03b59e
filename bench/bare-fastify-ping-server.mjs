// The second floor rung: bare Fastify (no Nest, no hooks, no logging) answering GET /v1/ping with the same JSON
// through a response schema, as the app serializes its documented answers.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/v1/ping', { schema: { response: { 200: { type: 'object', properties: { message: { type: 'string' } } } } } }, async () => ({
  message: 'pong',
}));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
console.log('listening');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
