/**
 * Test and bench only: the newsletter sender for one edition in a process of its own, built as a
 * node builds it (createApp: the real services on DATA_DIR or DATABASE_URL, SMTP_URL, the rate),
 * so a test can kill it with SIGKILL in the middle of sending and start another.
 *
 *   node src/testing/newsletter-sender-process.ts EDITION_ID
 *
 * NEWSLETTER_TEST_LEASE_MS shortens the claims' lease (a killed run's rows come due again after
 * it). Runs until the edition is done, then prints one line of JSON: the runs' tallies, RSS.
 */
import { loadConfig } from '../config.ts';
import { createApp } from '../app.ts';
import { createBulkSender } from '../mail/bulk-sender.ts';
import { newsletterDeliveriesStore } from '../store/newsletter-deliveries-store.ts';
import { runNewsletterSend } from '../jobs/newsletter-send.ts';

const editionId = process.argv[2];
if (!editionId) throw new Error('usage: newsletter-sender-process.ts EDITION_ID');
const config = loadConfig({ ...process.env, JOBS: 'off', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
const app = await createApp(config, { inlineJobs: true });
const leaseMs = Number(process.env.NEWSLETTER_TEST_LEASE_MS ?? 120_000);
let peakRss = process.memoryUsage().rss;
const watch = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
const began = Date.now();
const runs = [];
try {
  for (;;) {
    const run = await runNewsletterSend(
      {
        store: newsletterDeliveriesStore(app.database.db),
        subscriptions: app.services.newsletter,
        openSender: () => createBulkSender({ ...config.mail, ratePerSecond: config.newsletter.ratePerSecond }),
        outbox: app.services.outbox,
        // This loop is the job's next run: nothing is queued.
        jobs: { send: async () => {} },
        publicUrl: config.publicUrl,
        ratePerSecond: config.newsletter.ratePerSecond,
        now: () => new Date(),
        rules: { leaseMs },
        node: process.env.NEWSLETTER_TEST_NODE,
      },
      editionId,
    );
    runs.push(run);
    if (!('more' in run) || !run.more) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
} finally {
  clearInterval(watch);
  await app.close();
}
console.log(JSON.stringify({ runs, ms: Date.now() - began, peakRssMb: Math.round(peakRss / 1048576) }));
process.exit(0);
