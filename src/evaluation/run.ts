import path from 'node:path';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { crawlPagesStore } from '../store/crawl-pages-store.ts';
import { DRAFT_FIELDS } from '../extraction/types.ts';
import type { CorpusSite } from './corpus.ts';
import { scoreField, type DraftedField, type SiteScore } from './score.ts';
import { serveStaticSite } from './static-site.ts';

export interface EvalRun {
  scores: SiteScore[];
  /** Drafts that did not reach "ready", by site. */
  failures: Array<{ site: string; failure: unknown }>;
}

/**
 * Drafts every corpus site through the running service, as a founder would: each site on its own
 * loopback server, create_draft over REST with an API key, the real crawler, worker pool and
 * extractor (jobs run in this process), then get_draft; the draft and the stored page texts are
 * scored against the site's key. The database is a fresh one (PGlite in memory unless
 * `databaseUrl`), so the default category tree is the one drafts choose from.
 */
export async function runEvaluation(sites: readonly CorpusSite[], opts: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<EvalRun> {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000',
    JOBS: 'off',
    CRAWLER_ALLOW_HOSTS: '127.0.0.1',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  });
  const app = await createApp(config, { viewFlushMs: 0, profileCacheMs: 0, inlineJobs: true });
  const scores: SiteScore[] = [];
  const failures: EvalRun['failures'] = [];
  try {
    const userId = await app.services.accounts.createUser({ email: 'evaluation@corpus.invalid', name: 'Evaluation', password: null });
    const { key } = await app.services.accounts.createApiKey(userId, { name: 'evaluation', scopes: ['listings:write', 'account:read'] });
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const pagesStore = crawlPagesStore(app.database.db);
    for (const site of sites) {
      const server = await serveStaticSite(path.join(site.dir, 'pages'), site.pages);
      try {
        const created = await app.http.inject({ method: 'POST', url: '/api/v1/drafts', headers: auth, payload: JSON.stringify({ url: `${server.origin}/` }) });
        if (created.statusCode !== 201) {
          failures.push({ site: site.id, failure: created.json() });
          continue;
        }
        const id = created.json().id as string;
        await app.jobsIdle!();
        const draft = (await app.http.inject({ method: 'GET', url: `/api/v1/drafts/${id}`, headers: auth })).json();
        if (draft.status !== 'ready') failures.push({ site: site.id, failure: draft.failure ?? draft.status });
        const stored = new Map((await pagesStore.list(id, 'site')).map((p) => [p.finalUrl, { text: p.text ?? '', urls: p.links.map((l) => l.url), html: p.html ?? '' }]));
        const fields = draft.fields as Record<string, DraftedField>;
        scores.push({ site: site.id, fields: DRAFT_FIELDS.map((f) => scoreField(f, site.answers[f], fields?.[f], (url) => stored.get(url))) });
      } finally {
        await server.close();
      }
    }
  } finally {
    await app.close();
  }
  return { scores, failures };
}
