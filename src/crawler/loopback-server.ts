import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on a loopback address for the crawler's tests, with full control over each
 * answer (hang, stream forever, redirect anywhere) and a log of every request that reached it.
 */
export interface LoopbackServer {
  origin: string;
  port: number;
  requests: { path: string; userAgent: string | undefined; at: number }[];
  close(): Promise<void>;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export async function loopbackServer(handler: Handler, host = '127.0.0.1'): Promise<LoopbackServer> {
  const requests: LoopbackServer['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ path: req.url ?? '/', userAgent: req.headers['user-agent'], at: Date.now() });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Hanging test answers keep their sockets open; close() alone would wait for them.
        server.closeAllConnections();
      }),
  };
}

/** A site from a table of paths; unknown paths are 404 (so robots.txt is absent unless listed). */
export function pagesHandler(pages: Record<string, string | { status?: number; type?: string; body?: string | Buffer; headers?: Record<string, string> }>): Handler {
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const page = pages[path];
    if (page === undefined) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      return;
    }
    const p = typeof page === 'string' ? { body: page } : page;
    res.writeHead(p.status ?? 200, { 'content-type': p.type ?? 'text/html; charset=utf-8', ...p.headers }).end(p.body ?? '');
  };
}
