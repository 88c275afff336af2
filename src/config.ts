import { z } from 'zod';
import type { CrawlBounds } from './crawler/types.ts';

/** Raised for a bad environment; main.ts prints its message as one line and exits. */
export class ConfigError extends Error {}

/** Only from a run's first slash: searched for from every slash, a long run costs its length squared. */
const TRAILING_SLASHES = /(?<!\/)\/+$/;

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_AUTHENTICATED_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  TRUST_PROXY: z.stringbool().default(false),
  JOBS: z.enum(['on', 'off']).default('on'),
  DR_PROVIDER_URL: z
    .url({ protocol: /^https?$/ })
    .refine((u) => u.includes('{domain}'), 'must contain {domain}')
    .optional(),
  DR_PROVIDER_KEY: z.string().optional(),
  DR_PROVIDER_FIELD: z.string().min(1).default('domain_rating'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#\s]+/, 'must be smtp://[user:pass@]host[:port] or smtps://…')
    .refine((u) => URL.canParse(u), 'is not a valid URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^<>@\s]+@[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/, 'must be an address, e.g. "Launchyard <no-reply@example.com>"')
    .default('Launchyard <no-reply@localhost>'),
  CRAWLER_ALLOW_HOSTS: z
    .string()
    .refine(
      (v) => v.split(',').every((h) => h.trim() === '' || /^(\[[0-9a-fA-F:.]+\]|[^\s/:?#@[\]]+)$/.test(h.trim())),
      'must be comma-separated hosts or IPs as written in a URL, without port or path, e.g. 127.0.0.1,localhost,[::1]',
    )
    .default(''),
  CRAWLER_MAX_PAGES: z.coerce.number().int().min(1).max(50).default(8),
  CRAWLER_MAX_PAGE_BYTES: z.coerce.number().int().min(16_384).default(2 * 1024 * 1024),
  CRAWLER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  CRAWLER_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  WORKER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  EXTRACTION_PAGE_BUDGET_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  EXTRACTION_DRAFT_BUDGET_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_WINDOW_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  TRENDING_REFRESH_MINUTES: z.coerce.number().int().min(1).max(59).default(5),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** PGlite data directory, or 'memory://' for a throwaway in-process database. */
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  rateLimit: { anonymousPerMinute: number; authenticatedPerMinute: number };
  trustProxy: boolean;
  /** Run background jobs in this process. Off for tests and one-off commands. */
  jobs: boolean;
  /** An HTTP Domain Rating provider; without it ratings are set by an administrator. */
  domainRatingProvider?: { url: string; apiKey?: string; field: string };
  /** Outgoing mail: every mail goes to the outbox table; with smtpUrl it is also sent. */
  mail: { smtpUrl?: string; from: string };
  /**
   * The site crawler: its User-Agent (robots.txt token LaunchyardBot), its bounds, and the hosts it
   * may reach although they resolve to private addresses (tests, an intranet install).
   */
  crawler: { allowHosts: string[]; userAgent: string; bounds: CrawlBounds };
  /** An OpenAI-compatible chat completions API for drafting; without it the built-in extractor drafts. */
  llm?: { baseUrl: string; model: string; apiKey?: string; timeoutMs: number };
  /**
   * The worker pool for CPU-heavy work on outside content: its threads (default CPUs − 1), the
   * time one page may take to read or draft from, and the time one draft may take in all.
   */
  workers: { threads?: number; pageBudgetMs: number; draftBudgetMs: number };
  /** SIGTERM: how long running requests and jobs may take to finish before the process exits. */
  shutdownTimeoutMs: number;
  /** Minutes between refreshes of the stored trending scores (votes also trigger one). */
  trendingEveryMinutes: number;
  /** GET /metrics: its bearer token (without one only loopback clients may read it), and the window delays are reported over. */
  metrics: { token?: string; windowMs: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset: `FOO= npm start` should not be a config error.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`config error: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.LLM_BASE_URL && !e.LLM_MODEL) throw new ConfigError('config error: LLM_MODEL is required when LLM_BASE_URL is set');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(TRAILING_SLASHES, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    rateLimit: { anonymousPerMinute: e.RATE_LIMIT_ANONYMOUS_PER_MINUTE, authenticatedPerMinute: e.RATE_LIMIT_AUTHENTICATED_PER_MINUTE },
    trustProxy: e.TRUST_PROXY,
    jobs: e.JOBS === 'on',
    domainRatingProvider: e.DR_PROVIDER_URL
      ? { url: e.DR_PROVIDER_URL, apiKey: e.DR_PROVIDER_KEY, field: e.DR_PROVIDER_FIELD }
      : undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    crawler: {
      allowHosts: e.CRAWLER_ALLOW_HOSTS.split(',').map((h) => h.trim()).filter((h) => h !== ''),
      userAgent: `LaunchyardBot/1.0 (+${publicUrl}/bot)`,
      bounds: {
        maxPages: e.CRAWLER_MAX_PAGES,
        maxBytesPerPage: e.CRAWLER_MAX_PAGE_BYTES,
        timeMs: e.CRAWLER_TIMEOUT_SECONDS * 1000,
        maxRedirects: e.CRAWLER_MAX_REDIRECTS,
      },
    },
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? { baseUrl: e.LLM_BASE_URL.replace(TRAILING_SLASHES, ''), model: e.LLM_MODEL, apiKey: e.LLM_API_KEY, timeoutMs: e.LLM_TIMEOUT_MS }
        : undefined,
    workers: { threads: e.WORKER_THREADS, pageBudgetMs: e.EXTRACTION_PAGE_BUDGET_MS, draftBudgetMs: e.EXTRACTION_DRAFT_BUDGET_MS },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    metrics: { token: e.METRICS_TOKEN, windowMs: e.METRICS_WINDOW_SECONDS * 1000 },
    trendingEveryMinutes: e.TRENDING_REFRESH_MINUTES,
  };
}
