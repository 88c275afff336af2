// Operator commands: npm run cli -- <command> [options]. Works on the configured database
// (DATA_DIR or DATABASE_URL); on the embedded one, only while the service is stopped.
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './store/database.ts';
import { DataDirLockedError } from './store/data-dir-lock.ts';
import { migrate } from './store/migrate.ts';
import { recentRuns, recordRun } from './jobs/runs.ts';
import { runWeekStart } from './jobs/week-start.ts';
import { refreshDomainRatings } from './jobs/domain-rating-refresh.ts';
import { outboundFetches } from './outbound/fetches.ts';
import { httpProvider, manualProvider } from './jobs/domain-rating-provider.ts';
import { domainRatingStore } from './store/domain-rating-store.ts';
import { usersStore } from './store/users-store.ts';
import { apiKeysStore } from './store/api-keys-store.ts';
import { createAccounts } from './domain/accounts/accounts.ts';
import { DomainError } from './domain/errors.ts';
import type { Scope } from './domain/actor.ts';
import { outboxStore } from './store/outbox-store.ts';
import { deliveryState } from './mail/mailer.ts';
import { productsStore } from './store/products-store.ts';
import { createPriceList } from './domain/catalog/price-list.ts';
import { NewProduct, PriceCents } from './contract/price-list.ts';
import { fieldErrors } from './operations/validation.ts';
import { runOrderExpiry, ORDER_EXPIRY_JOB } from './jobs/order-expiry.ts';
import { runEmbeddedMaintenance, EMBEDDED_MAINTENANCE_JOB } from './jobs/embedded-maintenance.ts';
import { CATEGORY_OPTIONS, CATEGORY_USAGE, CategoryUsageError, runCategoryCommand } from './cli-categories.ts';
import { EXPORT_USAGE, runExportCommand } from './cli-export.ts';
import { BACKUP_COMMANDS, BACKUP_USAGE, runBackupCommand } from './cli-backup.ts';
import { createAccountAdmin } from './domain/admin/accounts-admin.ts';
import { createPriceAdmin } from './domain/admin/price-admin.ts';
import { adminUsersStore } from './store/admin-users-store.ts';
import { adminPricesStore } from './store/admin-prices-store.ts';
import { DELETE_USAGE, DeleteUsageError, runUserDelete } from './cli-delete.ts';

const USAGE = `usage: npm run cli -- <command>
  user:create --email E --password P [--name N] [--admin]
                                         --admin makes the account an administrator (the first one is made this way)
  user:admin --email E                   make an existing account an administrator
  user:disable --email E                 disable an account (no sign-in; sessions ended; API keys and apps refused)
  user:enable --email E                  enable a disabled account again
${DELETE_USAGE}
${EXPORT_USAGE}
  apikey:create --email E --scopes account:read,listings:write,orders:write,webhooks:write [--name N]
                                         prints the new key alone on its last line
  apikey:list [--email E]                keys with prefix, scopes, last use and state
  apikey:revoke ID                       revoke a key by its id
  mail:outbox [--limit N]                the latest mails the service sent (default 20), newest first
  jobs:runs [--job NAME] [--limit N]     recent background job runs
  jobs:run NAME                          run a job now (week-start, domain-rating-refresh, order-expiry)
  dr:set --slug SLUG --value 0-100       record a Domain Rating for a listing
  dr:import FILE.csv                     record Domain Ratings from lines "slug,value"
  products:list                          every product with its code, kind, price (USD cents, ex VAT) and options
  products:set-price CODE --cents N      a new price for quotes and checkouts from now on (orders keep theirs)
  products:add --code C --name N --kind paid_launch|extra_category|section_unlock|billboard --cents N
               [--description D] [--section story|milestones|media] [--minimum-cents N] [--max-per-listing 1-3]
  products:retire CODE                   take a product off sale (its code stays taken)
${CATEGORY_USAGE}
${BACKUP_USAGE}`;

class UsageError extends Error {}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') return console.log(USAGE);
  if (command === 'user:delete') return runUserDelete(rest);
  if (command === 'user:export') return runExportCommand(rest);
  if (BACKUP_COMMANDS.has(command)) return runBackupCommand(command, rest); // before the database is opened: a running service holds it
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      job: { type: 'string' },
      limit: { type: 'string' },
      slug: { type: 'string' },
      value: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      admin: { type: 'boolean' },
      scopes: { type: 'string' },
      code: { type: 'string' },
      kind: { type: 'string' },
      cents: { type: 'string' },
      description: { type: 'string' },
      section: { type: 'string' },
      'minimum-cents': { type: 'string' },
      'max-per-listing': { type: 'string' },
      ...CATEGORY_OPTIONS,
    },
  });
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = database;
  const accounts = createAccounts({ users: usersStore(db), apiKeys: apiKeysStore(db), now: () => new Date() });
  const priceList = createPriceList({ store: productsStore(db), now: () => new Date() });
  // The operator's changes go to the administrators' action log, by "the operator (CLI)".
  const accountAdmin = createAccountAdmin({ store: adminUsersStore(db), now: () => new Date() });
  const priceAdmin = createPriceAdmin({ store: adminPricesStore(db), now: () => new Date() });
  try {
    await migrate(db);
    switch (command) {
      case 'jobs:runs': {
        const runs = await recentRuns(db, Number(values.limit ?? 20), values.job);
        for (const r of runs) {
          const took = r.finished_at ? `${new Date(r.finished_at).getTime() - new Date(r.started_at).getTime()} ms` : '…';
          console.log(`${new Date(r.started_at).toISOString()}  ${r.job.padEnd(22)} ${r.status.padEnd(9)} try ${r.attempt}  ${took.padStart(8)}  ${r.node ?? ''}  ${r.detail ?? ''}`);
        }
        if (!runs.length) console.log('no job runs yet');
        return;
      }
      case 'jobs:run': {
        const name = positionals[0];
        const outbound = outboundFetches(config);
        try {
          const provider = config.domainRatingProvider && outbound.domainRating ? httpProvider({ ...config.domainRatingProvider, fetch: outbound.domainRating }) : manualProvider;
          const jobs: Record<string, () => Promise<unknown>> = {
            'week-start': () => runWeekStart(db, new Date()),
            'domain-rating-refresh': () => refreshDomainRatings(db, provider, new Date()),
            [ORDER_EXPIRY_JOB]: () => runOrderExpiry(db, new Date()),
            // By hand, every table due at once (no budget): e.g. after a large import, with the service stopped.
            [EMBEDDED_MAINTENANCE_JOB]: () => runEmbeddedMaintenance(db, { budgetMs: Infinity }),
          };
          if (!name || !jobs[name]) throw new UsageError(`jobs:run needs one of: ${Object.keys(jobs).join(', ')}`);
          console.log(JSON.stringify(await recordRun(db, name, { jobId: 'cli' }, jobs[name])));
        } finally {
          await outbound.close();
        }
        return;
      }
      case 'dr:set': {
        const value = Number(values.value);
        if (!values.slug || !Number.isInteger(value) || value < 0 || value > 100) throw new UsageError('dr:set needs --slug and --value 0-100');
        await setRating(values.slug, value);
        console.log(`${values.slug}: ${value}`);
        return;
      }
      case 'dr:import': {
        if (!positionals[0]) throw new UsageError('dr:import needs a CSV file of "slug,value" lines');
        let n = 0;
        for (const line of readFileSync(positionals[0], 'utf8').split(/\r?\n/)) {
          const [slug, raw] = line.split(',').map((x) => x.trim());
          if (!slug || slug === 'slug') continue;
          const value = Number(raw);
          if (!Number.isInteger(value) || value < 0 || value > 100) throw new UsageError(`bad value for ${slug}: ${raw}`);
          await setRating(slug, value);
          n++;
        }
        console.log(`imported ${n} ratings`);
        return;
      }
      case 'user:create': {
        if (!values.email || !values.password) throw new UsageError('user:create needs --email and --password');
        const id = await accounts.createUser({
          email: values.email,
          name: values.name ?? values.email.split('@')[0],
          password: values.password,
        });
        if (values.admin) await accountAdmin.grantAdmin(null, { id });
        console.log(`created user ${id} <${values.email}>${values.admin ? ' (admin)' : ''}`);
        return;
      }
      case 'user:admin':
      case 'user:disable':
      case 'user:enable': {
        if (!values.email) throw new UsageError(`${command} needs --email`);
        const ref = { email: values.email };
        if (command === 'user:admin') {
          const made = await accountAdmin.grantAdmin(null, ref);
          console.log(made ? `${values.email} is an administrator now: /admin` : `${values.email} was an administrator already`);
        } else if (command === 'user:disable') {
          await accountAdmin.disable(null, ref);
          console.log(`${values.email} is disabled: no sign-in, sessions ended, API keys and connected apps refused`);
        } else {
          await accountAdmin.enable(null, ref);
          console.log(`${values.email} is enabled again`);
        }
        return;
      }
      case 'apikey:create': {
        if (!values.email || !values.scopes) throw new UsageError('apikey:create needs --email and --scopes');
        const user = await usersStore(db).byEmail(values.email);
        if (!user) throw new UsageError(`no user ${values.email}`);
        const scopes = values.scopes.split(',').map((x) => x.trim()).filter(Boolean) as Scope[];
        const { key, record } = await accounts.createApiKey(user.id, { name: values.name ?? 'cli', scopes });
        console.log(`created key ${record.id} (${record.prefix}…) for ${values.email} with ${record.scopes.join(', ')}; it is shown once:`);
        console.log(key);
        return;
      }
      case 'apikey:list': {
        const keys = (await apiKeysStore(db).listAll()).filter((k) => !values.email || k.email.toLowerCase() === values.email.toLowerCase());
        for (const k of keys) {
          const state = k.revoked_at ? 'revoked' : k.expires_at && k.expires_at <= new Date() ? 'expired' : 'active';
          const used = k.last_used_at ? new Date(k.last_used_at).toISOString() : 'never';
          console.log(`${k.id.padStart(5)}  ${k.prefix}…  ${state.padEnd(7)}  ${k.email}  "${k.name}"  ${k.scopes.join(',')}  last used ${used}`);
        }
        if (!keys.length) console.log('no API keys');
        return;
      }
      case 'apikey:revoke': {
        const id = positionals[0];
        if (!id || !/^\d+$/.test(id)) throw new UsageError('apikey:revoke needs the key id (see apikey:list)');
        if (!(await apiKeysStore(db).revoke(id))) throw new UsageError(`no active key ${id}`);
        console.log(`revoked key ${id}`);
        return;
      }
      case 'mail:outbox': {
        const limit = Number(values.limit ?? 20);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('mail:outbox --limit needs a number from 1 to 1000');
        const { items, total } = await outboxStore(db).recent(limit);
        for (const m of items) {
          const state = deliveryState(m) + (m.sent_at ? ` ${new Date(m.sent_at).toISOString()}` : '') + (m.error ? `: ${m.error}` : '');
          console.log(`#${m.id}  ${new Date(m.created_at).toISOString()}  to ${m.to_address}  [${state}]`);
          console.log(`Subject: ${m.subject}`);
          console.log(m.text_body.replace(/^/gm, '    ').trimEnd());
          console.log('');
        }
        console.log(items.length ? `${items.length} of ${total} mails` : 'the outbox is empty');
        return;
      }
      case 'products:list': {
        for (const p of await priceList.all()) {
          const options = Object.entries(p.options).map(([k, v]) => `${k}=${String(v)}`).join(' ');
          console.log(`${p.code.padEnd(22)} ${p.kind.padEnd(15)} ${String(p.price_cents).padStart(9)} cents  ${p.active ? 'on sale' : 'retired'}  "${p.name}"${options ? `  ${options}` : ''}`);
        }
        return;
      }
      case 'products:set-price': {
        const code = positionals[0] ?? values.code;
        if (!code || values.cents === undefined) throw new UsageError('products:set-price needs the product code and --cents N (USD cents, excluding VAT)');
        const cents = PriceCents.safeParse(values.cents);
        if (!cents.success) throw new UsageError(`--cents ${cents.error.issues[0].message}`);
        await priceAdmin.setPrice(null, code, cents.data);
        console.log(`${code}: ${cents.data} cents from now on (existing orders keep their price)`);
        return;
      }
      case 'products:add': {
        const parsed = NewProduct.safeParse({
          code: values.code,
          name: values.name,
          description: values.description,
          kind: values.kind,
          price_cents: values.cents,
          section: values.section,
          minimum_cents: values['minimum-cents'],
          max_per_listing: values['max-per-listing'],
        });
        if (!parsed.success) throw new UsageError(`products:add: ${fieldErrors(parsed.error.issues).map((e) => `--${e.field.replace(/_/g, '-').replace('price-cents', 'cents')} ${e.message}`).join('; ')}`);
        await priceAdmin.add(null, parsed.data);
        console.log(`${parsed.data.code}: on sale at ${parsed.data.price_cents} cents`);
        return;
      }
      case 'products:retire': {
        if (!positionals[0]) throw new UsageError('products:retire needs the product code (see products:list)');
        await priceAdmin.retire(null, positionals[0]);
        console.log(`${positionals[0]}: off sale`);
        return;
      }
      default:
        if (await runCategoryCommand(db, command, positionals, values)) return;
        throw new UsageError(`unknown command ${command}\n${USAGE}`);
    }
  } finally {
    await database.close();
  }

  async function setRating(slug: string, value: number) {
    const store = domainRatingStore(db);
    const id = await store.idBySlug(slug);
    if (!id) throw new UsageError(`no listing ${slug}`);
    await store.record(id, value, 'manual', new Date());
  }
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof UsageError || err instanceof CategoryUsageError || err instanceof DeleteUsageError || err instanceof DomainError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
