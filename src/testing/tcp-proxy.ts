import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A loopback TCP proxy to put between the service and a dependency (PostgreSQL, Redis) and cut
 * the dependency off without stopping the real server, which other tests share.
 */
export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  /** Destroys every open connection; new ones are closed as soon as they are accepted. */
  cut(): void;
  /**
   * A black hole: connections stay open (new ones are accepted) but every byte either way is
   * dropped, as on a network that lost its route without resetting anything.
   */
  stall(): void;
  /** Bytes flow again, and new connections reach the target. */
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let cut = false;
  let stalled = false;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  };
  const server = createServer((client) => {
    if (cut) return void client.destroy();
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    // Whichever side fails or ends, the other goes with it, as with a direct connection.
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    // Not pipe(): a stalled proxy must drop bytes, not buffer them for later.
    client.on('data', (bytes) => void (stalled || upstream.write(bytes)));
    upstream.on('data', (bytes) => void (stalled || client.write(bytes)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    stall() {
      stalled = true;
    },
    restore() {
      cut = false;
      stalled = false;
    },
    close() {
      cut = true;
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Host and port of a redis:// or postgres:// URL (default ports when it names none). */
export function targetOf(url: string): { host: string; port: number } {
  const u = new URL(url);
  const defaults: Record<string, number> = { 'redis:': 6379, 'rediss:': 6379, 'postgres:': 5432, 'postgresql:': 5432 };
  return { host: u.hostname || '127.0.0.1', port: u.port ? Number(u.port) : defaults[u.protocol] };
}
