/**
 * The ceiling: a bare Fastify hello-world on the same Node, same machine, same load generator.
 * Started by scripts/bench.ts as a child process on PORT (loopback only).
 *
 * With BENCH_BODIES (a JSON file {rest, mcp}: one real get_listing answer of each transport) it
 * also serves the transport floor: GET /rest answers the REST body, POST /mcp reads a JSON body
 * and answers the MCP body, with no application code at all. Their latency ratio is what the two
 * protocols cost on this machine before launchyard does anything.
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
if (process.env.BENCH_BODIES) {
  const bodies = JSON.parse(readFileSync(process.env.BENCH_BODIES, 'utf8')) as { rest: string; mcp: string };
  app.get('/rest', async (_request, reply) => reply.type('application/json').send(bodies.rest));
  app.post('/mcp', async (_request, reply) => reply.type('application/json').send(bodies.mcp));
}

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`hello-world listening on ${process.env.PORT}`);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
