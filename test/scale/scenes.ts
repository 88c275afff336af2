/** Test support for the scale tests: waiting for an outcome, and a website that answers when told. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `probe` until it returns something other than undefined; fails with `what` after timeoutMs. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`);
}

/**
 * A one-page website on loopback whose pages (all but robots.txt) are held until `release()`:
 * a crawl of it is caught in the middle, for as long as the test likes.
 */
export async function heldSite(name: string, text: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  let waiting = 0;
  const server = http.createServer(async (req, res) => {
    if (req.url === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('');
    waiting++;
    await released;
    waiting--;
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><head><title>${name}</title></head><body><h1>${name}</h1><p>${text}</p></body></html>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Requests being held right now. */
    waiting: () => waiting,
    release,
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
