import { EventEmitter } from 'node:events';
import { protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;

/**
 * node-postgres' connection to the embedded database, in place of PGlite's own adapter
 * (`@electric-sql/pglite/node-postgres`), which hands PGlite each protocol message on its own:
 * a prepared statement's Bind, Execute and Sync were three passes through PostgreSQL's main loop,
 * each followed by an (empty) file-system sync behind a mutex and a chain of promises. Here the
 * messages node-postgres writes in one tick go to PGlite as one buffer, which PGlite works
 * through in one pass, as a server reads a socket. Measured on a 100,000-listing data directory,
 * one statement at a time: `select 1` 80–100 → 36–38 µs, a lookup by slug 130–270 → 84–102 µs
 * (docs/decisions.md#pglite-connection).
 *
 * No sync after a batch: PGlite's file systems for a directory and for memory write through
 * (their syncToFs does nothing; it exists for the browser's stores, which this service never uses).
 */
export class PGliteConnection extends EventEmitter {
  // node-postgres reads and writes these on its connection.
  stream = { destroy: () => this.end() };
  _connecting = false;
  parsedStatements: Record<string, unknown> = {};
  submittedNamedStatements: Record<string, unknown> = {};

  readonly #pglite: PGlite;
  #pending: Uint8Array[] = [];
  #scheduled = false;
  #chain: Promise<unknown>;
  /** node-postgres listens to 'message' only with some options; emitting it costs otherwise. */
  #messageListeners = false;

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
    this.#chain = pglite.waitReady;
    this.on('newListener', (event) => {
      if (event === 'message') this.#messageListeners = true;
    });
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.#pglite.waitReady;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  // No network: no TLS, start-up, authentication or cancel requests.
  requestSsl() {}
  startup() {}
  password() {}
  cancel() {}
  ref() {}
  unref() {}

  query(text: string) {
    this.#send(serialize.query(text));
  }
  parse(query: Parameters<typeof serialize.parse>[0]) {
    this.#send(serialize.parse(query));
  }
  bind(config: Parameters<typeof serialize.bind>[0]) {
    this.#send(serialize.bind(config));
  }
  execute(config: Parameters<typeof serialize.execute>[0]) {
    this.#send(serialize.execute(config));
  }
  describe(message: Parameters<typeof serialize.describe>[0]) {
    this.#send(serialize.describe(message));
  }
  close(message: Parameters<typeof serialize.close>[0]) {
    this.#send(serialize.close(message));
  }
  flush() {
    this.#send(serialize.flush());
  }
  sync() {
    this.#send(serialize.sync());
  }
  sendCopyFromChunk(chunk: Parameters<typeof serialize.copyData>[0]) {
    this.#send(serialize.copyData(chunk));
  }
  endCopyFrom() {
    this.#send(serialize.copyDone());
  }
  sendCopyFail(message: string) {
    this.#send(serialize.copyFail(message));
  }

  end() {
    this.#chain = this.#chain.then(() => this.emit('end'));
    for (const event of this.eventNames()) if (event !== 'newListener') this.removeAllListeners(event);
    this.#messageListeners = false;
  }

  /** Queues a message; the first of a tick schedules one pass for all queued by then, in order. */
  #send(bytes: Uint8Array) {
    this.#pending.push(bytes);
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.#chain = this.#chain
      .then(() => {
        this.#scheduled = false;
        const batch = concat(this.#pending.splice(0));
        // Under PGlite's own query lock, which its own queries take (LISTEN and UNLISTEN for
        // store/notifications.ts, a backup's dump): PGlite collects a pass's answers in one place per
        // instance and reads them an await later, so two passes in flight at once can take each
        // other's answers, and a statement whose ReadyForQuery went elsewhere waits for ever. Without
        // the lock, test/scale/crash-safety.test.ts's third node never became ready (4 runs of 4).
        return this.#pglite._runExclusiveQuery(() => this.#pglite.execProtocolStream(batch, { throwOnError: false, syncToFs: false }));
      })
      .then((messages) => {
        for (const message of messages) {
          if (this.#messageListeners) this.emit('message', message);
          this.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
        }
      })
      .catch((err) => this.emit('error', err));
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** node-postgres pool options for one PGlite: one client (PGlite is one session), our connection. */
export function pglitePoolConfig(pglite: PGlite) {
  return { max: 1, connection: new PGliteConnection(pglite), user: 'postgres', database: 'postgres', password: 'unused', host: 'localhost', port: 5432 };
}
