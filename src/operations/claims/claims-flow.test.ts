import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { callTool, createTestApp } from '../../testing/harness.ts';
import { loopbackSite } from '../../testing/loopback-site.ts';
import { txtServer } from '../../testing/dns-server.ts';

// Claims end to end, once over REST and once over MCP (the official client SDK), against real
// local parts: a DNS server on loopback (dns2) for the TXT record, loopback websites for the meta
// tag and the file (through the safe crawler, 127.0.0.1 allowed as in every crawler test), and the
// outbox for the e-mailed link, opened in a browser signed in as the claimant. Each claim is
// verified, then the claimant edits the listing; and the failures a claimant meets on the way.
const dns = await txtServer();
after(() => dns.close());
const t = await createTestApp({ env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1', DNS_SERVERS: dns.address } });

const page = (head: string) => `<!doctype html><html lang="en"><head><title>Acme</title>${head}</head><body><h1>Acme</h1></body></html>`;
const gone = await loopbackSite({});
const unreachable = gone.origin; // closed below: nothing listens there any more
await gone.close();

type Call = (tool: string, args?: Record<string, unknown>) => Promise<{ status: number; body: any }>;

/** A person with a site session (for the e-mailed link) and a key, calling the API over one transport. */
async function claimant(transport: 'REST' | 'MCP', email: string): Promise<{ call: Call; browser: Awaited<ReturnType<typeof t.signIn>>['browser']; userId: string }> {
  const site = await t.signIn({ email, name: `Founder ${transport}` });
  const { key } = await t.app.services.accounts.createApiKey(site.userId, { name: 'claims', scopes: ['account:read', 'listings:write'] });
  const auth = { authorization: `Bearer ${key}` };
  if (transport === 'REST') {
    const routes: Record<string, (a: any) => [string, string, unknown?]> = {
      claim_listing: (a) => ['POST', '/claims', a],
      verify_claim: (a) => ['POST', `/claims/${a.claim_id}/verify`],
      list_my_claims: () => ['GET', '/claims'],
      list_my_listings: () => ['GET', '/me/listings'],
      get_my_listing: (a) => ['GET', `/me/listings/${a.listing_id}`],
      update_my_listing: ({ listing_id, ...b }) => ['PATCH', `/me/listings/${listing_id}`, b],
      get_badges: (a) => ['GET', `/listings/${a.slug}/badges`],
      get_listing: (a) => ['GET', `/listings/${a.slug}`],
    };
    const call: Call = async (tool, args = {}) => {
      const [method, path, body] = routes[tool](args);
      const res = await t.rest(method, `/api/v1${path}`, body, auth);
      return { status: res.status, body: res.body };
    };
    return { call, browser: site.browser, userId: site.userId };
  }
  const client = await t.mcp('modern', auth);
  const call: Call = async (tool, args = {}) => {
    const r = await callTool(client, tool, args);
    return { status: r.isError ? r.data.status : tool === 'claim_listing' ? 201 : 200, body: r.data };
  };
  return { call, browser: site.browser, userId: site.userId };
}

for (const transport of ['REST', 'MCP'] as const) {
  test(`claims end to end over ${transport}: dns, meta, file and email each verified, then the claimant edits the listing; the failures on the way`, async () => {
    const tag = transport.toLowerCase();
    const someoneElse = await t.fx.user({ email: `earlier-${tag}@owners.test` });
    const metaSite = await loopbackSite({ '/': page('') });
    const fileSite = await loopbackSite({ '/': page('') });
    after(() => Promise.all([metaSite.close(), fileSite.close()]));
    const listings = {
      dns: await t.fx.listing({ slug: `acme-dns-${tag}`, name: `Acme DNS ${tag}`, url: `https://www.acme-${tag}.test/` }),
      meta: await t.fx.listing({ slug: `acme-meta-${tag}`, name: `Acme Meta ${tag}`, url: `${metaSite.origin}/`, owner_id: someoneElse }),
      file: await t.fx.listing({ slug: `acme-file-${tag}`, name: `Acme File ${tag}`, url: `${fileSite.origin}/`, status: 'scheduled', launch_week: '2027-03-01' }),
      email: await t.fx.listing({ slug: `acme-mail-${tag}`, name: `Acme Mail ${tag}`, url: `https://mail-${tag}.test/` }),
      down: await t.fx.listing({ slug: `acme-down-${tag}`, name: `Acme Down ${tag}`, url: `${unreachable}/` }),
    };
    const me = await claimant(transport, `founder-${tag}@example.test`);
    const { call } = me;

    /** The claimant now owns it: listed, readable, and an edit publishes. */
    const ownsAndEdits = async (method: keyof typeof listings) => {
      const id = Number(listings[method]);
      const mine = await call('list_my_listings');
      assert.ok(mine.body.items.some((l: any) => l.id === id), `${method}: not in list_my_listings`);
      const edited = await call('update_my_listing', { listing_id: id, fields: { tagline: `Claimed by ${method} over ${transport}` } });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      assert.equal(edited.body.tagline, `Claimed by ${method} over ${transport}`);
      const listing = await call('get_listing', { slug: `acme-${method === 'email' ? 'mail' : method}-${tag}` });
      assert.equal(listing.body.tagline, `Claimed by ${method} over ${transport}`);
      const badges = await call('get_badges', { slug: listing.body.slug });
      assert.ok(badges.body.badges.some((b: any) => b.kind === 'verified'), `${method}: no Verified badge`);
      const owned = await call('get_my_listing', { listing_id: id });
      assert.deepEqual([owned.body.plan, owned.body.unlocked_sections], ['free', []], 'verified is not paid');
    };

    // --- dns: the record is absent first (not found, still pending), then published and found.
    const dnsClaim = await call('claim_listing', { slug: `acme-dns-${tag}`, method: 'dns' });
    assert.equal(dnsClaim.status, 201, JSON.stringify(dnsClaim.body));
    assert.equal(dnsClaim.body.status, 'pending');
    const record = dnsClaim.body.instructions.dns_record;
    assert.deepEqual([record.type, record.name], ['TXT', `_launchyard-verification.acme-${tag}.test`]);
    assert.match(dnsClaim.body.instructions.text, new RegExp(`TXT record named _launchyard-verification\\.acme-${tag}\\.test with the value ${record.value}`));
    const absent = await call('verify_claim', { claim_id: dnsClaim.body.id });
    assert.equal(absent.status, 200);
    assert.equal(absent.body.status, 'pending');
    assert.equal(absent.body.last_check.result, 'not_found');
    assert.match(absent.body.last_check.detail, /has no TXT record/);
    dns.zone[record.name] = [['v=spf1 -all'], [record.value]];
    const dnsVerified = await call('verify_claim', { claim_id: dnsClaim.body.id });
    assert.equal(dnsVerified.body.status, 'verified', JSON.stringify(dnsVerified.body));
    assert.equal(dnsVerified.body.last_check.result, 'found');
    await ownsAndEdits('dns');

    // --- meta: the tag in the homepage's <head>; the listing had an owner, who is replaced and told.
    const metaClaim = await call('claim_listing', { slug: `acme-meta-${tag}`, method: 'meta' });
    assert.equal(metaClaim.status, 201, JSON.stringify(metaClaim.body));
    assert.equal(metaClaim.body.instructions.page_url, `${metaSite.origin}/`);
    const again = await call('claim_listing', { slug: `acme-meta-${tag}`, method: 'meta' });
    assert.equal(again.body.id, metaClaim.body.id, 'a repeated claim answers the pending one');
    metaSite.pages['/'] = page(metaClaim.body.instructions.meta_tag);
    const metaVerified = await call('verify_claim', { claim_id: metaClaim.body.id });
    assert.equal(metaVerified.body.status, 'verified', JSON.stringify(metaVerified.body));
    await ownsAndEdits('meta');
    const told = await t.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', `earlier-${tag}@owners.test`).execute();
    assert.equal(told.length, 1);
    assert.match(told[0].text_body, new RegExp(`proved control of .* with a meta tag on its homepage`));

    // --- file: the token on a line of /.well-known/launchyard-verification.txt.
    const fileClaim = await call('claim_listing', { slug: `acme-file-${tag}`, method: 'file' });
    assert.equal(fileClaim.status, 201, JSON.stringify(fileClaim.body));
    const file = fileClaim.body.instructions.file;
    assert.equal(file.url, `${fileSite.origin}/.well-known/launchyard-verification.txt`);
    fileSite.pages['/.well-known/launchyard-verification.txt'] = { type: 'text/plain', body: `${file.content}\n` };
    const fileVerified = await call('verify_claim', { claim_id: fileClaim.body.id });
    assert.equal(fileVerified.body.status, 'verified', JSON.stringify(fileVerified.body));
    await ownsAndEdits('file');

    // --- email: an address at another domain is refused; one at the listing's domain gets a link.
    const elsewhere = await call('claim_listing', { slug: `acme-mail-${tag}`, method: 'email', email: 'founder@gmail.com' });
    assert.equal(elsewhere.status, 400);
    assert.equal(elsewhere.body.code, 'email_not_at_listing_domain');
    assert.deepEqual(elsewhere.body.errors.map((e: any) => e.field), ['email']);
    const address = `founder@eu.mail-${tag}.test`;
    const mailClaim = await call('claim_listing', { slug: `acme-mail-${tag}`, method: 'email', email: address });
    assert.equal(mailClaim.status, 201, JSON.stringify(mailClaim.body));
    assert.equal(mailClaim.body.instructions.email_sent_to, address);
    const mail = await t.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', address).executeTakeFirstOrThrow();
    const link = /http:\/\/localhost:3000(\/claims\/confirm\/\S+)/.exec(mail.text_body)![1];
    const token = link.split('/').pop()!;
    const stored = JSON.stringify(await t.db.selectFrom('listing_claims').selectAll().where('id', '=', String(mailClaim.body.id)).execute());
    assert.ok(!stored.includes(token), 'the link token is stored only hashed');
    assert.equal((await call('verify_claim', { claim_id: mailClaim.body.id })).body.code, 'claim_needs_link');
    const opened = await me.browser.get(link);
    assert.equal(opened.status, 200, opened.body.slice(0, 500));
    assert.match(opened.body, new RegExp(`Acme Mail ${tag} is yours`));
    await ownsAndEdits('email');

    // --- a page that cannot be read: still pending, "could not check", never "not found".
    const downClaim = await call('claim_listing', { slug: `acme-down-${tag}`, method: 'meta' });
    const down = await call('verify_claim', { claim_id: downClaim.body.id });
    assert.equal(down.status, 200);
    assert.deepEqual([down.body.status, down.body.last_check.result], ['pending', 'could_not_check']);
    assert.match(down.body.last_check.detail, /^Could not read/);

    // --- someone else's claim is a 404, as an unknown id is, and changes nothing.
    const other = await claimant(transport, `other-${tag}@example.test`);
    const theirs = await other.call('verify_claim', { claim_id: downClaim.body.id });
    assert.equal(theirs.status, 404);
    assert.equal(theirs.body.code, 'claim_not_found');
    const unknown = await other.call('verify_claim', { claim_id: 987654321 });
    assert.equal(unknown.body.detail.replace(/\d+/g, 'N'), theirs.body.detail.replace(/\d+/g, 'N'));
    assert.deepEqual((await other.call('list_my_claims')).body.items, []);

    // The claimant's claims, newest first, with their statuses.
    const claims = await call('list_my_claims');
    assert.deepEqual(
      claims.body.items.map((c: any) => [c.method, c.status]),
      [['meta', 'pending'], ['email', 'verified'], ['file', 'verified'], ['meta', 'verified'], ['dns', 'verified']],
    );
  });
}
