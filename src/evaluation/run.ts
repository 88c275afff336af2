import path from 'node:path';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { crawlPagesStore } from '../store/crawl-pages-store.ts';
import { draftsStore } from '../store/drafts-store.ts';
import { DRAFT_FIELDS } from '../extraction/types.ts';
import type { CorpusSite } from './corpus.ts';
import { answerText, loadRecordings, startReplayModel, type Recording, type ReplayModel, type Trap } from './llm-replay.ts';
import { judgeModelAnswer, type ProposalOutcome } from './llm-replay-outcomes.ts';
import { scoreField, type DraftedField } from './score.ts';
import { scoreSections, type SiteScoreWithSections } from './score-sections.ts';
import { serveStaticSite } from './static-site.ts';

export interface EvalRun {
  scores: SiteScoreWithSections[];
  /** Drafts that did not reach "ready", by site. */
  failures: Array<{ site: string; failure: unknown }>;
  /** With recorded model answers: what the model proposed per site and what the verifier made of it. */
  model?: ModelRun;
}

export interface ModelRun {
  /** Where the answers came from (the recordings' directory). */
  source: string;
  sites: ModelSite[];
}

export interface ModelSite {
  site: string;
  /** Times the service asked the model while drafting the site. */
  asked: number;
  /** Whether a recorded answer was served (if not, the built-in extractor drafted alone). */
  answered: boolean;
  proposals: ProposalOutcome[];
  traps: Trap[];
}

export interface EvalOptions {
  databaseUrl?: string;
  env?: Record<string, string>;
  /**
   * Recorded model answers (a directory like eval/llm-recordings, or loaded recordings): the
   * service is pointed (LLM_BASE_URL) at a loopback chat-completions server replaying them, so the
   * model path runs end to end, and each site's proposals are judged as the verifier judged them.
   */
  llmReplay?: string | ReadonlyMap<string, Recording>;
}

/**
 * The extraction budgets for the suite's recall tests (corpus.test.ts, llm-replay.test.ts): five
 * times the defaults (2 s a page, 30 s a draft). The budgets are wall time in the worker, a guard
 * against hostile pages; on a CI machine loaded to eight runnable processes on two CPUs a corpus
 * page took more than 2 s and a draft more than 30 s, and the tests failed on the machine's load,
 * not on what drafting finds. The budgets' own behaviour is tested in src/workers/drafter.test.ts,
 * and the speed of drafting is measured by the bench (`npm run bench:drafts`).
 */
export const UNHURRIED_BUDGETS: Readonly<Record<string, string>> = { EXTRACTION_PAGE_BUDGET_MS: '10000', EXTRACTION_DRAFT_BUDGET_MS: '150000' };

/** The language model named by this process's environment (LLM_BASE_URL, LLM_MODEL…), for an eval against a real one. */
export function modelEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(['LLM_BASE_URL', 'LLM_MODEL', 'LLM_API_KEY', 'LLM_TIMEOUT_MS'].flatMap((k) => (env[k] ? [[k, env[k]]] : [])));
}

/**
 * Drafts every corpus site through the running service, as a founder would: each site on its own
 * loopback server, create_draft over REST with an API key, the real crawler, worker pool and
 * extractor (jobs run in this process), then get_draft; the draft and the stored page texts are
 * scored against the site's key. The database is a fresh one (PGlite in memory unless
 * `databaseUrl`), so the default category tree is the one drafts choose from.
 */
export async function runEvaluation(sites: readonly CorpusSite[], opts: EvalOptions = {}): Promise<EvalRun> {
  const recordings = typeof opts.llmReplay === 'string' ? loadRecordings(opts.llmReplay) : opts.llmReplay;
  const replay: ReplayModel | undefined = recordings ? await startReplayModel(recordings) : undefined;
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
    ...(replay ? { LLM_BASE_URL: replay.baseUrl, LLM_MODEL: 'replay' } : {}),
  });
  const app = await createApp(config, { viewFlushMs: 0, profileCacheMs: 0, inlineJobs: true }).catch(async (err) => {
    await replay?.close();
    throw err;
  });
  const scores: SiteScoreWithSections[] = [];
  const failures: EvalRun['failures'] = [];
  const model: ModelRun | undefined = replay ? { source: typeof opts.llmReplay === 'string' ? opts.llmReplay : 'recordings', sites: [] } : undefined;
  try {
    const userId = await app.services.accounts.createUser({ email: 'evaluation@corpus.invalid', name: 'Evaluation', password: null });
    const { key } = await app.services.accounts.createApiKey(userId, { name: 'evaluation', scopes: ['listings:write', 'account:read'] });
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const pagesStore = crawlPagesStore(app.database.db);
    for (const site of sites) {
      const server = await serveStaticSite(path.join(site.dir, 'pages'), site.pages, site.root);
      replay?.register(server.origin, site.id);
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
        const pages = await pagesStore.list(id, 'site');
        const stored = new Map(pages.map((p) => [p.finalUrl, { text: p.text ?? '', urls: p.links.map((l) => l.url), html: p.html ?? '' }]));
        const fields = draft.fields as Record<string, DraftedField>;
        const storedPage = (url: string) => stored.get(url);
        scores.push({ site: site.id, fields: DRAFT_FIELDS.map((f) => scoreField(f, site.answers[f], fields?.[f], storedPage)), sections: scoreSections(site, draft, storedPage) });
        if (replay && model) {
          const asked = replay.requests.filter((r) => r.site === site.id);
          const recording = recordings?.get(site.id);
          const answered = asked.some((r) => r.answered);
          const proposals =
            recording && answered ? judgeModelAnswer(answerText(recording, server.origin), pages, await draftsStore(app.database.db).categoryVocabulary(), asked.find((r) => r.answered)?.prompt) : [];
          model.sites.push({ site: site.id, asked: asked.length, answered, proposals, traps: recording?.traps ?? [] });
        }
      } finally {
        await server.close();
      }
    }
  } finally {
    await app.close();
    await replay?.close();
  }
  return { scores, failures, ...(model ? { model } : {}) };
}
