/**
 * GET /readyz: can this node serve? The database is required (without it: `unavailable`, HTTP
 * 503, take the node out of rotation); Redis is not (without it: `degraded`, HTTP 200: the node
 * serves correctly with per-node rate limits, and failing every node's probe because a shared
 * Redis is down would turn a degradation into an outage).
 */
export interface Readiness {
  status: 'ready' | 'degraded' | 'unavailable';
  database: 'up' | 'down';
  redis: 'up' | 'down' | 'not_configured';
}

/** Each check answers within this, so the probe itself never hangs on a dependency. */
export const READINESS_TIMEOUT_MS = 500;

export interface ReadinessChecks {
  /** Resolves when the database answers a trivial query. */
  database: () => Promise<unknown>;
  /** Resolves true when Redis answers; absent when no Redis is configured. */
  redis?: () => Promise<boolean>;
}

/** Resolves true when `check` succeeds within `timeoutMs`, false on failure or time-out. */
function within(timeoutMs: number, check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answer = Promise.resolve()
    .then(check)
    .then((ok) => ok !== false, () => false);
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

export function readinessProbe(checks: ReadinessChecks, timeoutMs = READINESS_TIMEOUT_MS): () => Promise<Readiness> {
  return async () => {
    const [database, redis] = await Promise.all([
      within(timeoutMs, checks.database),
      checks.redis ? within(timeoutMs, checks.redis) : undefined,
    ]);
    return {
      status: !database ? 'unavailable' : redis === false ? 'degraded' : 'ready',
      database: database ? 'up' : 'down',
      redis: redis === undefined ? 'not_configured' : redis ? 'up' : 'down',
    };
  };
}

/** The HTTP status of a readiness answer: 503 only when the node cannot serve at all. */
export const readinessStatusCode = (r: Readiness) => (r.status === 'unavailable' ? 503 : 200);
