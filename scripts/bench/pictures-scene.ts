/**
 * The people of `npm run bench:pictures`: owners with a password and a confirmed address, each
 * with listings of their own (written before the server holds the database, as the scale tests
 * set their scene), signed in through the site's sign-in form by a browser of their own (a cookie
 * jar and a client address), uploading as the Pictures page's form does (multipart: csrf, alt,
 * caption, image).
 *
 * The gallery's rules are the product's and stay as they are: an account uploads at most
 * PICTURE_RULES.perHour pictures an hour and a gallery takes PICTURE_RULES.maxImages images. So
 * the bench spreads its uploads: a new listing every maxImages uploads, a new owner every
 * UPLOADS_PER_OWNER (below the hourly budget, whatever was refused before).
 */
import { openDatabase } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { fixtures } from '../../src/testing/fixtures.ts';
import { createAccounts } from '../../src/domain/accounts/accounts.ts';
import { usersStore } from '../../src/store/users-store.ts';
import { apiKeysStore } from '../../src/store/api-keys-store.ts';
import { PICTURE_RULES } from '../../src/domain/pictures/listing-pictures.ts';

const PASSWORD = 'bench password, not a secret';
/** Gallery uploads per owner: below the hourly budget, with room for a logo and a refusal or two. */
export const UPLOADS_PER_OWNER = PICTURE_RULES.perHour - 5;

export interface Owner {
  email: string;
  listings: { id: number; slug: string }[];
}

/** Enough owners and listings for `uploads` uploads, in a migrated database (closed after). */
export async function seedOwners(where: { dataDir?: string; databaseUrl?: string }, uploads: number): Promise<Owner[]> {
  const database = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir ?? '', poolSize: 4 });
  try {
    const { db } = database;
    await migrate(db);
    const accounts = createAccounts({ users: usersStore(db), apiKeys: apiKeysStore(db), now: () => new Date() });
    const fx = fixtures(db);
    const owners: Owner[] = [];
    for (let left = uploads, n = 1; left > 0; left -= UPLOADS_PER_OWNER, n++) {
      const email = `pictures-${n}@bench.invalid`;
      const userId = await accounts.createUser({ email, name: `Picture Owner ${n}`, password: PASSWORD });
      await db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', userId).execute();
      const listings = [];
      for (let l = 1; l <= Math.ceil(Math.min(left, UPLOADS_PER_OWNER) / PICTURE_RULES.maxImages); l++) {
        const slug = `pictured-${n}-${l}`;
        const id = await fx.listing({ slug, name: `Pictured ${n}-${l}`, tagline: 'Screenshots of a product people launch', owner_id: userId, status: 'live' });
        listings.push({ id: Number(id), slug });
      }
      owners.push({ email, listings });
    }
    return owners;
  } finally {
    await database.close();
  }
}

export interface Answer {
  status: number;
  location: string | null;
  text: string;
}

let addresses = 0;

/** One person's browser: cookies, a client address of its own (the node trusts X-Forwarded-For), the site's Origin on posts. */
export class SiteBrowser {
  readonly jar = new Map<string, string>();
  readonly ip = `10.29.0.${++addresses}`;
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request(method: 'GET' | 'POST', path: string, body?: { type: string; bytes: string | Buffer }): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body) Object.assign(headers, { 'content-type': body.type, origin: this.baseUrl });
    const res = await fetch(this.baseUrl + path, { method, headers, body: body?.bytes as BodyInit | undefined, redirect: 'manual', signal: AbortSignal.timeout(120_000) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1).trim();
      if (value) this.jar.set(pair.slice(0, eq).trim(), value);
      else this.jar.delete(pair.slice(0, eq).trim());
    }
    return { status: res.status, location: res.headers.get('location'), text: await res.text() };
  }

  postForm(path: string, form: Record<string, string>) {
    return this.request('POST', path, { type: 'application/x-www-form-urlencoded', bytes: new URLSearchParams(form).toString() });
  }

  /** A multipart post as a browser sends the upload form: the text fields, then the file. */
  postFile(path: string, fields: Record<string, string>, file: { field: string; name: string; type: string; bytes: Buffer }) {
    const boundary = `----launchyardbench${Math.random().toString(36).slice(2)}`;
    const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
    return this.request('POST', path, { type: `multipart/form-data; boundary=${boundary}`, bytes: Buffer.concat(parts) });
  }
}

const csrfOf = (page: Answer, where: string) => {
  const m = /name="csrf" value="([^"]+)"/.exec(page.text);
  if (!m) throw new Error(`no csrf field on ${where} (${page.status}): ${page.text.slice(0, 200)}`);
  return m[1];
};

export interface SignedIn {
  owner: Owner;
  browser: SiteBrowser;
  /** The session's token, which every signed-in form repeats. */
  csrf: string;
}

/** Signs the owner in through /sign-in and reads the session's token from their Pictures page. */
export async function signIn(baseUrl: string, owner: Owner): Promise<SignedIn> {
  const browser = new SiteBrowser(baseUrl);
  const form = await browser.request('GET', '/sign-in');
  const signedIn = await browser.postForm('/sign-in', { email: owner.email, password: PASSWORD, csrf: csrfOf(form, '/sign-in') });
  if (signedIn.status !== 303) throw new Error(`sign-in of ${owner.email} answered ${signedIn.status}: ${signedIn.text.slice(0, 300)}`);
  const path = `/my/listings/${owner.listings[0].id}/pictures`;
  const page = await browser.request('GET', path);
  if (page.status !== 200) throw new Error(`${path} answered ${page.status} after signing in`);
  return { owner, browser, csrf: csrfOf(page, path) };
}

/** Where the next upload goes: the next free place in a gallery of the current owner. */
export class UploadSlots {
  #owners: SignedIn[];
  #used = 0;

  constructor(owners: SignedIn[]) {
    this.#owners = owners;
  }

  next(): { who: SignedIn; listing: { id: number; slug: string } } {
    const n = this.#used++;
    const who = this.#owners[Math.floor(n / UPLOADS_PER_OWNER)];
    if (!who) throw new Error(`more uploads than the seeded owners take (${this.#owners.length} × ${UPLOADS_PER_OWNER})`);
    return { who, listing: who.owner.listings[Math.floor((n % UPLOADS_PER_OWNER) / PICTURE_RULES.maxImages)] };
  }
}

export interface Upload {
  ms: number;
  status: number;
  ok: boolean;
  listing: { id: number; slug: string };
  /** What the form said when it refused (the field's message), for the report. */
  refusal?: string;
}

/** The listing's logo set through the form (the first listing of the first owner; within the margin the budget leaves). */
export async function uploadLogo(who: SignedIn, bytes: Buffer): Promise<{ id: number; slug: string }> {
  const listing = who.owner.listings[0];
  const res = await who.browser.postFile(`/my/listings/${listing.id}/pictures/logo`, { csrf: who.csrf }, { field: 'logo', name: 'logo.png', type: 'image/png', bytes });
  if (res.status !== 303 || !(res.location ?? '').includes('notice=logo-saved')) throw new Error(`the logo upload answered ${res.status}: ${res.text.slice(0, 300)}`);
  return listing;
}

/** One image added to a gallery through the form; ok when the page sends the owner back with "image-added". */
export async function uploadImage(slots: UploadSlots, bytes: Buffer, n: number): Promise<Upload> {
  const { who, listing } = slots.next();
  const started = performance.now();
  const res = await who.browser.postFile(`/my/listings/${listing.id}/pictures/images`, { csrf: who.csrf, alt: `Screenshot ${n}`, caption: `Upload ${n} of the bench` }, { field: 'image', name: `photo-${n}.jpg`, type: 'image/jpeg', bytes });
  const ms = performance.now() - started;
  const ok = res.status === 303 && (res.location ?? '').includes('notice=image-added');
  // The message beside the field, or the error page's heading and sentence.
  const error = /<p class="field-error"[^>]*>([^<]{1,300})<\/p>/.exec(res.text)?.[1];
  const page = /<h1>([^<]{1,100})<\/h1><p>([^<]{1,300})<\/p>/.exec(res.text);
  const refusal = ok ? undefined : (error ?? (page ? `${page[1]}: ${page[2]}` : res.text.slice(0, 120)));
  return { ms, status: res.status, ok, listing, refusal };
}
