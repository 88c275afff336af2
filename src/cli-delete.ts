// The operator's erasure on request: npm run cli -- user:delete --email E [--now] (wired into src/cli.ts).
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './store/database.ts';
import { migrate } from './store/migrate.ts';
import { accountDeletionStore } from './store/account-deletion-store.ts';
import { emailTokensStore } from './store/email-tokens-store.ts';
import { outboxStore } from './store/outbox-store.ts';
import { siteStore } from './store/site-store.ts';
import { createMailer } from './mail/mailer.ts';
import { createAccountDeletion } from './domain/accounts/account-deletion.ts';
import { erasureMoment } from './domain/accounts/deletion-mails.ts';
import { ACCOUNT_DELETION_GRACE_DAYS } from './domain/privacy/retention.ts';
import { createDataExports } from './domain/privacy/data-exports.ts';
import { dataExportsStore } from './store/data-exports-store.ts';
import { accountExportStore } from './store/account-export-store.ts';
import { configuredMediaStorage } from './media/storage/configured-storage.ts';

export const DELETE_USAGE = `  user:delete --email E [--now] [--note N]
                                         erase an account at its owner's request: after ${ACCOUNT_DELETION_GRACE_DAYS} days (signed out now,
                                         mailed the date; signing in cancels it), or --now; logged in the action log`;

/** A mistake of the operator's: the CLI prints the message alone and exits 1. */
export class DeleteUsageError extends Error {}

/**
 * user:delete, as "the operator (CLI)" in the action log. The service's caches are in its own
 * process: pages of listings the erasure unlisted catch up within seconds (PROFILE_CACHE_MS), and
 * their change notices reach every node at once.
 */
export async function runUserDelete(args: string[], out: (line: string) => void = console.log) {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, now: { type: 'boolean' }, note: { type: 'string' } } });
  if (!values.email) throw new DeleteUsageError(`user:delete needs --email\n${DELETE_USAGE}`);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = database;
  const now = () => new Date();
  const mailer = createMailer({ store: outboxStore(db), smtpUrl: config.mail.smtpUrl, from: config.mail.from, now, dkim: config.mail.dkim });
  const media = configuredMediaStorage(config);
  try {
    await migrate(db);
    // Only discarding an erased account's exports runs here: no job is ever sent.
    const exports = createDataExports({ store: dataExportsStore(db), source: accountExportStore(db), storage: media.storage, jobs: { send: async () => {} }, mailer, publicUrl: config.publicUrl, now });
    const deletion = createAccountDeletion({
      store: accountDeletionStore(db),
      tokens: emailTokensStore(db),
      // Only an administrator's erasure runs here, which checks no password.
      signIn: { attempt: () => Promise.reject(new Error('the CLI checks no password')) },
      mailer,
      publicUrl: config.publicUrl,
      siteName: async () => (await siteStore(db).settings()).name,
      now,
      forget: () => {},
      discardExports: (userId) => exports.discardAll(userId),
    });
    const done = await deletion.adminErase(null, { email: values.email }, values.now ? 'now' : 'after_grace', values.note ?? '');
    out(done.erased
      ? `account #${done.userId} is erased`
      : `account #${done.userId} is signed out everywhere and will be erased on ${erasureMoment(done.dueAt)} (its owner is mailed; signing in cancels it)`);
  } finally {
    mailer.close();
    await media.close();
    await database.close();
  }
}
