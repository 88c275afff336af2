// The operator's copy of an account's data: npm run cli -- user:export --email E [--to FILE]
// (wired into src/cli.ts). The same zip /account/data gives the person (docs/data-export.md), for
// a request that reaches the operator another way (a letter, a support mail from a locked-out person).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './store/database.ts';
import { migrate } from './store/migrate.ts';
import { configuredMediaStorage } from './media/storage/configured-storage.ts';
import { accountExportStore } from './store/account-export-store.ts';
import { accountArchive } from './domain/privacy/data-exports.ts';

export const EXPORT_USAGE = `  user:export --email E [--to FILE]      everything tied to an account as the zip /account/data gives (docs/data-export.md);
                                         default file ./launchyard-export-<account id>.zip, never overwritten`;

/** A mistake of the operator's: its message alone, exit 1. */
class ExportUsageError extends Error {}

/** Runs user:export with the arguments after the command. */
export async function runExportCommand(args: string[], out: (line: string) => void = console.log): Promise<void> {
  try {
    await exportAccount(args, out);
  } catch (err) {
    if (!(err instanceof ExportUsageError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  }
}

async function exportAccount(args: string[], out: (line: string) => void) {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { email: { type: 'string' }, to: { type: 'string' } } }));
  } catch (err) {
    throw new ExportUsageError(`user:export: ${(err as Error).message}`);
  }
  if (!values.email) throw new ExportUsageError('user:export needs --email E (the account\'s address)');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const media = configuredMediaStorage(config);
  try {
    await migrate(database.db);
    const source = accountExportStore(database.db);
    const userId = await source.userIdByEmail(values.email);
    if (!userId) throw new ExportUsageError(`no account with the address ${values.email}`);
    const made = await accountArchive({ source, storage: media.storage, publicUrl: config.publicUrl, now: () => new Date() }, userId);
    if (!made) throw new ExportUsageError(`no account with the address ${values.email}`);
    const to = resolve(values.to ?? `launchyard-export-${userId}.zip`);
    try {
      // Someone's data: readable by the operator alone, and never written over another file.
      writeFileSync(to, made.zip, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new ExportUsageError(`${to} exists already: remove it or choose another --to`);
      if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw new ExportUsageError(`cannot write ${to}: ${(err as Error).message}`);
      throw err;
    }
    const doc = made.document as { files: string[]; listings: unknown[] };
    out(`wrote ${to} (${made.zip.length} bytes): account ${userId}, ${doc.listings.length} listing(s), ${doc.files.length} picture(s)`);
  } finally {
    await media.close();
    await database.close();
  }
}
