/** How the client waits out 429 Too Many Requests. */
export interface RetryOptions {
  /** Retries after the first attempt (default 3); 0 returns every 429 at once. */
  retries?: number;
  /**
   * The longest single wait, in seconds (default 60). A Retry-After beyond it is not waited for:
   * the 429 is returned, so a caller never sleeps for an hour it did not expect.
   */
  maxWaitSeconds?: number;
  /** How to wait; the tests pass one that records the delays instead of sleeping. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const DEFAULT_RETRIES = 3;
const DEFAULT_MAX_WAIT_SECONDS = 60;
const DIGITS = /^\d+$/;
// An HTTP-date names its day and month; without a letter Date.parse would read '-5' as a year.
const LETTER = /[A-Za-z]/;

/**
 * Seconds to wait from a Retry-After value (RFC 9110 §10.2.3): delay-seconds or an HTTP-date;
 * undefined when absent or unreadable.
 */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (DIGITS.test(text)) return Number(text);
  if (!LETTER.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * A fetch that sends a request again after a 429, waiting what Retry-After says (1, 2, 4 s… when
 * it says nothing), at most `retries` times and never longer than `maxWaitSeconds` at once. Each
 * attempt sends a copy of the same request, headers included: a write's Idempotency-Key stays the
 * same across attempts. A 429 means the service refused before doing anything, so sending the
 * same request again is safe for every operation.
 */
export function retrying(send: (request: Request) => Promise<Response>, options: RetryOptions = {}): (request: Request) => Promise<Response> {
  const retries = options.retries ?? DEFAULT_RETRIES;
  const maxWaitSeconds = options.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS;
  const wait = options.sleep ?? sleep;
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      // A body can be read once: every attempt but the last sends a copy, the original stays unread.
      const response = await send(attempt < retries ? request.clone() : request);
      if (response.status !== 429 || attempt >= retries) return response;
      const seconds = retryAfterSeconds(response.headers.get('retry-after')) ?? 2 ** attempt;
      if (seconds > maxWaitSeconds) return response;
      await response.body?.cancel();
      await wait(seconds * 1000, request.signal);
    }
  };
}
