/**
 * The ceiling: a bare Fastify hello-world on the same Node, same machine, same load generator.
 * Started by scripts/bench.ts as a child process on PORT (loopback only).
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`hello-world listening on ${process.env.PORT}`);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
