import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A unit of work: everything one piece of code writes, in one transaction, without passing a
 * transaction handle through every layer. Inside `unit.run(fn)`, the first statement that may
 * write (anything but a plain SELECT) begins a transaction on a connection of its own; from then
 * on every statement of that code goes to it, and a `db.transaction()` inside becomes a savepoint.
 * `commit()` or `rollback()` ends it. Reads before the first write use the pool as usual, so code
 * that reads, then calls another service (DNS, HTTP), then writes holds no connection meanwhile.
 *
 * Why: an Idempotency-Key's stored answer must commit with the write it answers for
 * (operations/idempotent-run.ts); the operations write through stores bound to `db` and their own
 * transactions, and this lets them stay as they are.
 *
 * Limits: nested transactions of one unit run one at a time (a second waits for the first); code
 * in a unit must not wait for work that needs a connection of the pool while the unit holds one
 * (on PGlite the pool has one connection: that would wait forever). Background work started from
 * inside a unit should be started through `outsideUnit`.
 */
export interface Unit {
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Commits what the unit wrote (nothing to do when it wrote nothing). */
  commit(): Promise<void>;
  rollback(): Promise<void>;
  /** Whether a statement of the unit began its transaction. */
  readonly begun: boolean;
}

const current = new AsyncLocalStorage<UnitState>();

/** Runs `fn` outside any unit: what it starts never joins the caller's transaction. */
export const outsideUnit = <T>(fn: () => T): T => current.exit(fn);

/**
 * Runs `fn` outside any unit once the caller's unit has committed (at once when there is no unit;
 * never after a rollback). A job sent from inside a unit would otherwise run before the rows it
 * names are visible. A failure after the commit is dropped: the write stands and its answer is
 * given; a lost send is what each job's sweeper re-sends, as after a crash between commit and send.
 */
export function afterCommit(fn: () => Promise<void>): Promise<void> {
  const state = current.getStore();
  if (!state || state.closed) return outsideUnit(fn);
  state.afterCommit.push(fn);
  return Promise.resolve();
}

/** A new unit: its statements go to the first database (made `withUnits`) they are run on. */
export function openUnit(): Unit {
  const state = new UnitState();
  return {
    run: (fn) => current.run(state, fn),
    commit: () => state.end(true),
    rollback: () => state.end(false),
    get begun() {
      return state.connection !== undefined;
    },
  };
}

class UnitState {
  connection?: DatabaseConnection;
  /** Work to start once the unit has committed (afterCommit). */
  readonly afterCommit: (() => Promise<void>)[] = [];
  /** The database the unit belongs to: the first one its code used (tests open several in one process). */
  driver?: Driver;
  closed = false;
  private beginning?: Promise<DatabaseConnection>;
  /** The savepoints open now, innermost last. */
  readonly savepoints: string[] = [];
  private savepointCount = 0;
  /** Nested transactions one at a time: two at once would interleave their savepoints. */
  private nested: Promise<void> = Promise.resolve();

  /** The unit's connection inside its transaction, begun on first need. */
  async begin(driver: Driver): Promise<DatabaseConnection> {
    if (this.connection) return this.connection;
    this.beginning ??= (async () => {
      const connection = await driver.acquireConnection();
      try {
        await driver.beginTransaction(connection, {});
      } catch (err) {
        await driver.releaseConnection(connection);
        throw err;
      }
      this.connection = connection;
      return connection;
    })();
    return this.beginning;
  }

  async enterNested(): Promise<string> {
    let release!: () => void;
    const previous = this.nested;
    this.nested = new Promise((resolve) => (release = resolve));
    await previous;
    const name = `unit_sp_${++this.savepointCount}`;
    this.savepoints.push(name);
    this.releases.set(name, release);
    return name;
  }

  private readonly releases = new Map<string, () => void>();

  leaveNested(name: string) {
    const i = this.savepoints.lastIndexOf(name);
    if (i >= 0) this.savepoints.splice(i, 1);
    this.releases.get(name)?.();
    this.releases.delete(name);
  }

  async end(commit: boolean) {
    if (this.closed) return;
    this.closed = true;
    const after = this.afterCommit.splice(0);
    const { connection, driver } = this;
    if (connection && driver) {
      try {
        if (commit) await driver.commitTransaction(connection);
        else await driver.rollbackTransaction(connection);
      } finally {
        await driver.releaseConnection(connection);
      }
    }
    if (commit) for (const fn of after) await outsideUnit(fn).catch(() => {});
  }
}

/** A statement that cannot write: a plain SELECT without row locks. Our own SQL only, never outside input. */
function onlyReads(sql: string): boolean {
  const head = sql.trimStart().slice(0, 7).toLowerCase();
  if (head !== 'select ' && head !== 'select\n') return false;
  const lower = sql.toLowerCase();
  return !lower.includes(' for update') && !lower.includes(' for no key update') && !lower.includes(' for share') && !lower.includes(' for key share');
}

/**
 * What a unit's code gets for a connection: reads go to the pool until the unit begins; from the
 * first write on, everything goes to the unit's transaction.
 */
class UnitConnection implements DatabaseConnection {
  readonly unit: UnitState;
  private readonly driver: Driver;
  constructor(unit: UnitState, driver: Driver) {
    this.unit = unit;
    this.driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.unit.connection && onlyReads(query.sql)) {
      const connection = await this.driver.acquireConnection();
      try {
        return await connection.executeQuery<R>(query);
      } finally {
        await this.driver.releaseConnection(connection);
      }
    }
    return (await this.unit.begin(this.driver)).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.unit.begin(this.driver)).streamQuery<R>(query, chunkSize);
  }
}

/** Statements that a savepoint cannot undo within the unit's transaction are not expected here. */
class UnitDriver implements Driver {
  private readonly inner: Driver;
  constructor(inner: Driver) {
    this.inner = inner;
  }

  init() {
    return this.inner.init();
  }

  private unitOf(connection: DatabaseConnection) {
    return connection instanceof UnitConnection ? connection.unit : undefined;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const unit = current.getStore();
    if (unit && !unit.closed) unit.driver ??= this.inner;
    // A unit of another database or one already ended is no unit here.
    if (!unit || unit.closed || unit.driver !== this.inner) return this.inner.acquireConnection();
    return new UnitConnection(unit, this.inner);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const unit = this.unitOf(connection);
    if (!unit) return this.inner.beginTransaction(connection, settings);
    const real = await unit.begin(this.inner);
    const name = await unit.enterNested();
    try {
      await real.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
    } catch (err) {
      unit.leaveNested(name);
      throw err;
    }
  }

  async commitTransaction(connection: DatabaseConnection) {
    const unit = this.unitOf(connection);
    if (!unit) return this.inner.commitTransaction(connection);
    const name = unit.savepoints.at(-1)!;
    try {
      await unit.connection!.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
    } finally {
      unit.leaveNested(name);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const unit = this.unitOf(connection);
    if (!unit) return this.inner.rollbackTransaction(connection);
    const name = unit.savepoints.at(-1)!;
    try {
      await unit.connection!.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
      await unit.connection!.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
    } finally {
      unit.leaveNested(name);
    }
  }

  async releaseConnection(connection: DatabaseConnection) {
    // The unit's connection is released when the unit ends.
    if (!this.unitOf(connection)) return this.inner.releaseConnection(connection);
  }

  destroy() {
    return this.inner.destroy();
  }
}

/** The dialect with units of work (see `openUnit`): the only change to how statements run. */
export function withUnits(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new UnitDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
