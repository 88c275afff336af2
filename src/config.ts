import { z } from 'zod';
import type { CrawlBounds } from './crawler/types.ts';
import { isDnsServer } from './outbound/txt-records.ts';
import { VoteWeighting } from './domain/community/vote-weighting.ts';
import { VoteDetectionRules } from './domain/community/vote-detection.ts';
import { readDkimKey, type DkimKey } from './mail/dkim.ts';
import { BACKUP_KEEP_DEFAULT } from './domain/privacy/retention.ts';
import { readAddress } from './domain/newsletter/address.ts';
import { EMBEDDED_HEAP_MIB } from './embedded-heap.ts';

/** Raised for a bad environment; main.ts prints its message as one line and exits. */
export class ConfigError extends Error {}

/** Only from a run's first slash: searched for from every slash, a long run costs its length squared. */
const TRAILING_SLASHES = /(?<!\/)\/+$/;

/** A DNS label: 1 to 63 letters, digits and hyphens, not starting or ending with a hyphen. */
const isDnsLabel = (l: string) => /^[A-Za-z0-9-]{1,63}$/.test(l) && !l.startsWith('-') && !l.endsWith('-');

/** Hosts as written in a URL, comma-separated: the private hosts an outbound fetch may reach. */
const hostList = z
  .string()
  .refine(
    (v) => v.split(',').every((h) => h.trim() === '' || /^(\[[0-9a-fA-F:.]+\]|[^\s/:?#@[\]]+)$/.test(h.trim())),
    'must be comma-separated hosts or IPs as written in a URL, without port or path, e.g. 127.0.0.1,localhost,[::1]',
  )
  .default('');
const splitHosts = (v: string) => v.split(',').map((h) => h.trim()).filter((h) => h !== '');

/** Text shown on a page as it was set: no control characters (line breaks included). */
const noControl = (v: string) => ![...v].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
/** An e-mail address as the newsletter form reads one (linear: one part at a time). */
const isAddress = (v: string) => {
  try {
    readAddress(v);
    return true;
  } catch {
    return false;
  }
};

/** A setting holding a JSON object of overrides, checked by its schema (unknown keys refused); empty means the defaults. */
const jsonSetting = <T extends z.ZodType<object>>(schema: T) =>
  z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      let value: unknown;
      try {
        value = JSON.parse(text.trim() || '{}');
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object, e.g. {"ageFullDays": 60}' });
        return z.NEVER;
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues.map((i) => `${i.path.join('.') || '(object)'} ${i.message}`).join('; ') });
        return z.NEVER;
      }
      return parsed.data as z.output<T>;
    });

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
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_FAILED_CREDENTIALS: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z.stringbool().default(false),
  JOBS: z.enum(['on', 'off']).default('on'),
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(30),
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
  /** DKIM signing: all three, or none (mail/dkim.ts). The key is never printed, not even in an error. */
  MAIL_DKIM_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .refine((d) => d.split('.').length >= 2 && d.split('.').every(isDnsLabel), 'must be a domain name, e.g. launch.example')
    .optional(),
  MAIL_DKIM_SELECTOR: z
    .string()
    .trim()
    .max(63)
    .refine((s) => s.split('.').every(isDnsLabel), 'must be a DNS label (or labels), e.g. mail2026')
    .optional(),
  MAIL_DKIM_PRIVATE_KEY: z.string().optional(),
  /** The newsletter's sending rate per sending node, in messages per second (SMTP relays throttle senders that go faster). */
  NEWSLETTER_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(50),
  CRAWLER_ALLOW_HOSTS: hostList,
  CIMD_ALLOW_HOSTS: hostList,
  /** Webhook endpoints allowed although private, and over plain http (an intranet; tests' loopback receivers). */
  WEBHOOK_ALLOW_HOSTS: hostList,
  /** One webhook attempt's deadline: connect, send, the answer's headers and first 1 KiB. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(30).default(10),
  MCP_ALLOWED_ORIGINS: z
    .string()
    .refine(
      (v) => v.split(',').every((o) => o.trim() === '' || (URL.canParse(o.trim()) && new URL(o.trim()).origin === o.trim().replace(/\/$/, ''))),
      'must be comma-separated origins, e.g. https://claude.ai,https://app.example.com',
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
  EMBEDDED_HEAP_MIB: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || (v >= 256 && v <= 65_536), 'must be 0 (V8 sizes the heap itself) or a number of MiB from 256 to 65536')
    .default(EMBEDDED_HEAP_MIB),
  SELLER_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be the ISO 3166-1 alpha-2 code of the country the seller is established in, e.g. DE')
    .optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret or restricted key (sk_live_…, sk_test_…, rk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  ORDER_EXPIRY_HOURS: z.coerce.number().int().min(1).max(24).default(24),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  OAUTH_UNUSED_CLIENT_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  METRICS_WINDOW_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  TRENDING_REFRESH_MINUTES: z.coerce.number().int().min(1).max(59).default(5),
  /** Share cards (og:image) drawn for listing, week, leaderboard and post pages; off: pages name no image. */
  SHARE_IMAGES: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /** Scheduled backups of the embedded database (jobs/backup.ts): off without a directory. */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(BACKUP_KEEP_DEFAULT),
  BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day HH:MM in UTC, e.g. 03:30')
    .default('03:30'),
  DNS_SERVERS: z
    .string()
    .refine((v) => v.split(',').every((s) => s.trim() === '' || isDnsServer(s.trim())), 'must be comma-separated IP addresses with an optional port, e.g. 1.1.1.1,127.0.0.1:5353,[::1]:53')
    .default(''),
  CLAIM_PENDING_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  GITHUB_CLIENT_ID: z.string().trim().min(1).max(200).optional(),
  GITHUB_CLIENT_SECRET: z.string().trim().min(1).max(500).optional(),
  GITHUB_AUTHORIZE_URL: z.url({ protocol: /^https?$/ }).default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.url({ protocol: /^https?$/ }).default('https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.github.com'),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).max(200).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).max(500).optional(),
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  MEDIA_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  MEDIA_S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region name, e.g. us-east-1 (or auto)').default('us-east-1'),
  MEDIA_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens')
    .optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().trim().min(1).max(200).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().trim().min(1).max(500).optional(),
  MEDIA_S3_FORCE_PATH_STYLE: z.stringbool().optional(),
  /** Who runs the service, as /privacy names them: a person's or a company's name, a postal address, an e-mail address or https:// page. */
  OPERATOR_NAME: z.string().trim().max(200).refine(noControl, 'must be one line of text, e.g. "Jane Doe" or "Example GmbH"').optional(),
  OPERATOR_ADDRESS: z.string().trim().max(500).refine((v) => noControl(v.replaceAll('\n', ' ')), 'must be a postal address: text whose lines are separated by line breaks or "\\n", no other control characters').optional(),
  OPERATOR_CONTACT: z
    .string()
    .trim()
    .max(300)
    .refine((v) => isAddress(v) || (/^https:\/\/\S+$/.test(v) && URL.canParse(v)), 'must be an e-mail address (privacy@example.com) or an https:// URL')
    .optional(),
  /** Overrides of the published vote weighting and detection rules, as JSON objects (domain/community/vote-*.ts). */
  VOTE_WEIGHTING: jsonSetting(VoteWeighting),
  VOTE_DETECTION: jsonSetting(VoteDetectionRules),
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
  /** failedCredentials: invalid API keys, bearer tokens and token-endpoint grants per client address in 10 minutes. */
  rateLimit: { anonymousPerMinute: number; authenticatedPerMinute: number; signInPerMinute: number; failedCredentials: number };
  trustProxy: boolean;
  /** Run background jobs in this process. Off for tests and one-off commands. */
  jobs: boolean;
  /**
   * A running job proves its node alive this often (pg-boss heartbeat, every half of it); one
   * silent for longer is failed and retried, on another node if its own is gone (killed, lost).
   */
  jobHeartbeatSeconds: number;
  /** An HTTP Domain Rating provider; without it ratings are set by an administrator. */
  domainRatingProvider?: { url: string; apiKey?: string; field: string };
  /** Outgoing mail: every mail goes to the outbox table; with smtpUrl it is also sent, DKIM-signed when a key is set. */
  mail: { smtpUrl?: string; from: string; dkim?: DkimKey };
  /** The newsletter's sender (jobs/newsletter-send.ts): messages per second from one node. */
  newsletter: { ratePerSecond: number };
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
  /** Embedded mode: V8's old-generation bound in MiB, applied by starting again with it (embedded-heap.ts); 0 = V8's own. */
  embeddedHeapMiB: number;
  /** Web origins besides PUBLIC_URL's that may call /mcp from a browser page. */
  mcpAllowedOrigins: string[];
  /** Seals the installation secrets (OAuth signing keys, cookie keys) in the database; without it they are stored plain. */
  secretsKey?: string;
  /** A dynamically registered OAuth client that no one has connected within this many days is deleted. */
  oauthUnusedClientDays: number;
  /** Private hosts an OAuth client ID metadata document may be fetched from (tests, an intranet); none by default. */
  cimdAllowHosts: string[];
  /** Outgoing webhooks: hosts allowed although private (and over http), and one attempt's deadline. */
  webhooks: { allowHosts: string[]; timeoutMs: number };
  /** Minutes between refreshes of the stored trending scores (votes also trigger one). */
  trendingEveryMinutes: number;
  /** SHARE_IMAGES: whether pages get a drawn share card (media/share-image.ts). */
  shareImages: boolean;
  /**
   * Scheduled backups (embedded mode): a backup file written to `dir` every day at `hour:minute`
   * UTC, the `keep` newest kept. Off without a directory.
   */
  backup: { dir?: string; keep: number; hour: number; minute: number };
  /** Claims: how long one stays pending, and the DNS servers TXT proofs are looked up on (none: the system's resolvers). */
  claims: { pendingMs: number; dnsServers: string[] };
  /**
   * Orders: the seller's country (VAT), how long an unpaid order holds its launch week, and
   * Stripe when both its keys are set (test mode otherwise).
   */
  orders: { sellerCountry?: string; expiryMs: number; stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string } };
  /** GET /metrics: its bearer token (without one only loopback clients may read it), and the window delays are reported over. */
  metrics: { token?: string; windowMs: number };
  /**
   * Sign in with GitHub and with Google: each provider is on when its client id and secret are
   * both set (its buttons and routes are absent otherwise). The endpoints default to the real
   * providers; tests and self-hosters point them elsewhere.
   */
  signInProviders: {
    github?: { clientId: string; clientSecret: string; authorizeUrl: string; tokenUrl: string; apiUrl: string };
    google?: { clientId: string; clientSecret: string; issuer: string };
  };
  /** The vote weighting and detection rules in force (published on /about/ranking). */
  votes: { weighting: VoteWeighting; detection: VoteDetectionRules };
  /** Who runs the service, as /privacy names them (OPERATOR_*); unset parts are said to be unpublished. */
  operator: { name?: string; address?: string; contact?: string };
  /**
   * Where pictures are kept: files under DATA_DIR/media, or S3-compatible object storage when a
   * bucket is set (several nodes share it). forcePathStyle: the bucket in the URL's path, the
   * default with an endpoint of one's own (MinIO, Garage…); AWS itself takes it in the host name.
   */
  media: { s3?: { endpoint?: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean } };
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
  // One key without the other would leave the site in test mode with real keys configured: refuse it.
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('config error: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both (Stripe payments) or neither (test mode)');
  }
  // Half a provider would leave its button off with a secret configured: refuse it, like Stripe's pair.
  for (const [p, name] of [['GITHUB', 'GitHub'], ['GOOGLE', 'Google']] as const) {
    if (Boolean(e[`${p}_CLIENT_ID`]) !== Boolean(e[`${p}_CLIENT_SECRET`])) {
      throw new ConfigError(`config error: ${p}_CLIENT_ID and ${p}_CLIENT_SECRET go together: set both (sign in with ${name}) or neither`);
    }
  }
  // A bucket needs its keys (the SDK's own credential search would reach for the cloud's metadata
  // service); keys or an endpoint without a bucket would quietly leave the pictures on this node.
  if (e.MEDIA_S3_BUCKET && !(e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('config error: MEDIA_S3_BUCKET needs MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY');
  }
  for (const name of ['MEDIA_S3_ENDPOINT', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'] as const) {
    if (e[name] && !e.MEDIA_S3_BUCKET) throw new ConfigError(`config error: ${name} is set but MEDIA_S3_BUCKET is not: set the bucket (S3 storage) or none of MEDIA_S3_* (files under DATA_DIR/media)`);
  }
  // Backups of the embedded database only: with PostgreSQL a directory would suggest backups nobody takes.
  if (e.BACKUP_DIR && e.DATABASE_URL) throw new ConfigError('config error: BACKUP_DIR backs up the embedded database; with DATABASE_URL back up PostgreSQL with pg_dump (README, "Backups and upgrades") and unset BACKUP_DIR');
  const dkim = dkimFrom(e.MAIL_DKIM_DOMAIN, e.MAIL_DKIM_SELECTOR, e.MAIL_DKIM_PRIVATE_KEY);
  if (e.STRIPE_SECRET_KEY && !e.SELLER_COUNTRY) throw new ConfigError('config error: SELLER_COUNTRY is required with Stripe: the VAT of real payments depends on it');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(TRAILING_SLASHES, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    rateLimit: { anonymousPerMinute: e.RATE_LIMIT_ANONYMOUS_PER_MINUTE, authenticatedPerMinute: e.RATE_LIMIT_AUTHENTICATED_PER_MINUTE, signInPerMinute: e.RATE_LIMIT_SIGN_IN_PER_MINUTE, failedCredentials: e.RATE_LIMIT_FAILED_CREDENTIALS },
    trustProxy: e.TRUST_PROXY,
    jobs: e.JOBS === 'on',
    jobHeartbeatSeconds: e.JOB_HEARTBEAT_SECONDS,
    domainRatingProvider: e.DR_PROVIDER_URL
      ? { url: e.DR_PROVIDER_URL, apiKey: e.DR_PROVIDER_KEY, field: e.DR_PROVIDER_FIELD }
      : undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, dkim },
    newsletter: { ratePerSecond: e.NEWSLETTER_RATE_PER_SECOND },
    crawler: {
      allowHosts: splitHosts(e.CRAWLER_ALLOW_HOSTS),
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
    embeddedHeapMiB: e.EMBEDDED_HEAP_MIB,
    metrics: { token: e.METRICS_TOKEN, windowMs: e.METRICS_WINDOW_SECONDS * 1000 },
    trendingEveryMinutes: e.TRENDING_REFRESH_MINUTES,
    shareImages: e.SHARE_IMAGES === 'on',
    backup: { dir: e.BACKUP_DIR, keep: e.BACKUP_KEEP, hour: Number(e.BACKUP_TIME.slice(0, 2)), minute: Number(e.BACKUP_TIME.slice(3)) },
    votes: { weighting: e.VOTE_WEIGHTING, detection: e.VOTE_DETECTION },
    operator: { name: e.OPERATOR_NAME, address: e.OPERATOR_ADDRESS, contact: e.OPERATOR_CONTACT },
    media: {
      s3:
        e.MEDIA_S3_BUCKET && e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY
          ? {
              endpoint: e.MEDIA_S3_ENDPOINT?.replace(TRAILING_SLASHES, ''),
              region: e.MEDIA_S3_REGION,
              bucket: e.MEDIA_S3_BUCKET,
              accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID,
              secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE ?? e.MEDIA_S3_ENDPOINT !== undefined,
            }
          : undefined,
    },
    orders: {
      sellerCountry: e.SELLER_COUNTRY?.toUpperCase(),
      expiryMs: e.ORDER_EXPIRY_HOURS * 3_600_000,
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
          : undefined,
    },
    claims: { pendingMs: e.CLAIM_PENDING_DAYS * 86_400_000, dnsServers: splitHosts(e.DNS_SERVERS) },
    cimdAllowHosts: splitHosts(e.CIMD_ALLOW_HOSTS),
    webhooks: { allowHosts: splitHosts(e.WEBHOOK_ALLOW_HOSTS), timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000 },
    secretsKey: e.SECRETS_KEY,
    oauthUnusedClientDays: e.OAUTH_UNUSED_CLIENT_DAYS,
    mcpAllowedOrigins: splitHosts(e.MCP_ALLOWED_ORIGINS),
    signInProviders: {
      github:
        e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
          ? {
              clientId: e.GITHUB_CLIENT_ID,
              clientSecret: e.GITHUB_CLIENT_SECRET,
              authorizeUrl: e.GITHUB_AUTHORIZE_URL,
              tokenUrl: e.GITHUB_TOKEN_URL,
              apiUrl: e.GITHUB_API_URL.replace(TRAILING_SLASHES, ''),
            }
          : undefined,
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER.replace(TRAILING_SLASHES, '') }
          : undefined,
    },
  };
}

/** The three DKIM settings go together: a key without its domain and selector signs nothing, and the reverse has no key. */
function dkimFrom(domain: string | undefined, selector: string | undefined, key: string | undefined): DkimKey | undefined {
  if (!domain && !selector && !key) return undefined;
  if (!domain || !selector || !key) {
    const missing = [!domain && 'MAIL_DKIM_DOMAIN', !selector && 'MAIL_DKIM_SELECTOR', !key && 'MAIL_DKIM_PRIVATE_KEY'].filter(Boolean).join(' and ');
    throw new ConfigError(`config error: MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and MAIL_DKIM_PRIVATE_KEY go together: ${missing} missing`);
  }
  const read = readDkimKey(key);
  if ('problem' in read) throw new ConfigError(`config error: MAIL_DKIM_PRIVATE_KEY ${read.problem}`);
  return { domainName: domain, keySelector: selector, privateKey: read.pem };
}
