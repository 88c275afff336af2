import type { EditionSender, NewsletterEditions } from '../domain/newsletter/editions.ts';

export const NEWSLETTER_BUILD_JOB = 'newsletter-build';
/**
 * Hourly, twenty minutes past: after week-start (on the hour) has decided last week's awards, and
 * often enough that the edition follows within the hour when the awards waited for held votes to
 * be reviewed, and that the sending hour is met within 20 minutes of its start.
 */
export const NEWSLETTER_BUILD_CRON = '20 * * * *';

/** What a run did, for job_runs. */
export interface NewsletterBuildRun {
  week: string;
  skipped?: string;
  edition?: string;
  status?: 'draft' | 'sending' | 'sent';
  rebuilt?: boolean;
  sending?: 'started' | 'not available yet';
}

export interface NewsletterBuildDeps {
  editions: NewsletterEditions;
  /** The sender, once it exists (services.newsletterSending). */
  sending: () => EditionSender | undefined;
}

/**
 * Builds last week's edition once its awards are decided, or rebuilds it while it is a draft
 * (this week's launches fill up during Monday); with automatic sending on and the sending hour
 * come, hands it to the sender, which moves it to sending once (a second call finds it sending and
 * does nothing). Every step is safe to repeat, so a retry, a crash or a second node changes
 * nothing; the queue runs one at a time besides (a stately queue, jobs/queue.ts).
 */
export async function runNewsletterBuild(deps: NewsletterBuildDeps): Promise<NewsletterBuildRun> {
  const r = await deps.editions.buildDue();
  if (!('edition' in r) || !r.edition) return { week: r.week, skipped: r.skipped };
  const summary: NewsletterBuildRun = { week: r.week, edition: r.edition.id, status: r.edition.status, rebuilt: r.written };
  if (r.edition.status !== 'draft' || !r.due) return summary;
  const sender = deps.sending();
  if (!sender) return { ...summary, sending: 'not available yet' };
  await sender.start(r.edition.id);
  return { ...summary, sending: 'started' };
}
