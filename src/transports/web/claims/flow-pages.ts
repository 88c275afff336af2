import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Claim } from '../../../contract/claim.ts';
import { ClaimIdParam } from '../../../contract/claim.ts';
import { notFound } from '../../../domain/errors.ts';
import { listingDomain } from '../../../domain/claims/registrable-domain.ts';
import { fileUrl } from '../../../domain/claims/proof.ts';
import { claimListing } from '../../../operations/claims/claim-listing.ts';
import { listMyClaims } from '../../../operations/claims/list-my-claims.ts';
import { verifyClaim } from '../../../operations/claims/verify-claim.ts';
import { getListing } from '../../../operations/listings/get-listing.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { formKeys, submitOperation } from '../form-operation.ts';
import { html, time, type Html } from '../html.ts';
import { errorSummary, fieldError } from '../layout.ts';
import { listingHref } from '../listing-card.ts';
import { pager } from '../pager.ts';
import { readOperation } from '../read-operation.ts';

type ClaimView = z.output<typeof Claim>;
type Method = ClaimView['method'];

const METHOD_WORDS: Record<Method, string> = { dns: 'DNS record', meta: 'meta tag', file: 'file', email: 'e-mail link' };
const STATUS_WORDS: Record<ClaimView['status'], string> = {
  pending: 'Waiting for the proof',
  verified: 'Verified: the listing is yours',
  failed: 'Failed',
  expired: 'Expired',
};

export const claimHref = (id: number) => `/my/claims/${id}`;
const startHref = (slug: string) => `${listingHref(slug)}/claim`;

/**
 * "Is this your company? Claim it" under a listing's profile, for everyone but its team (owner or
 * founders): signed out, the claim page asks to sign in and comes back.
 */
export function claimInvite(p: { slug: string; name: string; isTeam: boolean }): Html {
  if (p.isTeam) return html``;
  return html`<p class="claim-invite">Is this your company? <a href="${startHref(p.slug)}">Claim ${p.name}</a></p>`;
}

interface StartForm {
  status?: number;
  summary?: string;
  values?: { method: string; email: string };
  errors?: Record<string, string>;
  code?: string;
}

/**
 * The claim flow on the site, through the same operations as the API: start a claim of a listing
 * (claim_listing) by one of four proofs, the claim's page with what to publish and "Verify now"
 * (verify_claim), and the person's claims (list_my_claims). Another person's claim is a 404.
 */
export function registerClaimFlowPages(app: FastifyInstance, web: Web) {
  const { services } = web;

  async function startPage(request: FastifyRequest, reply: FastifyReply, slug: string, f: StartForm = {}) {
    const s = request.siteSession!;
    const profile = await readOperation(services, request, getListing, { slug });
    const domain = listingDomain(profile.url);
    const mine = await readOperation(services, request, listMyClaims, { per_page: 100 });
    const open = mine.items.filter((c) => c.slug === profile.slug && c.status === 'pending');
    const v = f.values ?? { method: '', email: '' };
    const e = f.errors ?? {};
    const option = (method: Method, label: string, words: Html | string, available = true) => html`<label><input type="radio" name="method" value="${method}"${v.method === method ? html` checked` : ''}${available ? '' : html` disabled`}> <strong>${label}</strong>: ${words}</label>`;
    const noDomain = `not available: ${profile.url} has no domain name`;
    const summary =
      f.code === 'already_owner'
        ? html`<div class="alert" role="alert"><p>You already own ${profile.name}. Edit it from <a href="/my/listings">My listings</a>.</p></div>`
        : errorSummary(f.summary);
    return web.page(request, reply, {
      title: `Claim ${profile.name}`,
      status: f.status,
      body: html`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="${listingHref(profile.slug)}">${profile.name}</a></li><li aria-current="page">Claim</li></ol></nav>
<h1>Claim ${profile.name}</h1>
<p>If ${profile.name} is your company, prove that you control its website, <a href="${profile.url}" rel="nofollow noopener">${profile.url}</a>. Once the proof is found, your account (${s.email}) owns the listing and you edit it from <a href="/my/listings">My listings</a>. Being verified does not change its plan or launch week.</p>
${open.length
  ? html`<div class="notice"><p>You have already started to claim ${profile.name}: ${open.map((c, i) => html`${i ? ', ' : ''}<a href="${claimHref(c.id)}">by ${METHOD_WORDS[c.method]}</a>`)}. Starting again by the same method continues that claim.</p></div>`
  : ''}
${summary}
<form method="post" action="${startHref(profile.slug)}" novalidate>
${formKeys(s.csrf)}
<fieldset aria-describedby="method-hint${e.method ? ' method-error' : ''}">
<legend>How will you prove it?</legend>
<p class="hint" id="method-hint">Choose one; you can try another later.</p>
${fieldError('method', e.method)}
${option('meta', 'Meta tag', html`paste a tag into the <code>&lt;head&gt;</code> of ${profile.url}`)}
${option('file', 'File', html`publish a one-line file at ${fileUrl(profile.url)}`)}
${option('dns', 'DNS record', domain ? `add a TXT record to ${domain} at its DNS provider` : noDomain, domain !== null)}
${option('email', 'E-mail', domain ? `we send a link to your address at ${domain}; only for a listing without an owner` : noDomain, domain !== null)}
</fieldset>
${domain
  ? html`<label for="email">Your address at ${domain} <span class="muted">(for e-mail only)</span></label>
<input type="email" id="email" name="email" value="${v.email}" autocomplete="email" aria-describedby="email-hint${e.email ? ' email-error' : ''}"${e.email ? html` aria-invalid="true"` : ''}>
<p class="hint" id="email-hint">Any address at ${domain} or under it, such as you@${domain}. Open the link in this browser, signed in as ${s.email}.</p>
${fieldError('email', e.email)}`
  : ''}
<button type="submit">Start the claim</button>
</form>`,
    });
  }

  app.get('/listings/:slug/claim', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    return startPage(request, reply, (request.params as { slug: string }).slug);
  });

  app.post('/listings/:slug/claim', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const method = field(request, 'method');
    const email = field(request, 'email').trim();
    const outcome = await submitOperation(web, request, claimListing, {
      slug,
      method: method || undefined,
      // The address belongs to an e-mail claim only; typed and then another method chosen, it is left out.
      email: method === 'email' ? email || undefined : undefined,
    });
    if (outcome.ok) return reply.redirect(`${claimHref(outcome.body.id)}?started=1`, 303);
    // A fresh Idempotency-Key for the corrected form: the refused one keeps answering its refusal.
    const errors = { ...outcome.fields };
    if (!method) errors.method = 'Choose how you will prove it.';
    if (method === 'email' && !email) errors.email = 'Enter your address at the listing\'s domain.';
    return startPage(request, reply, slug, { status: outcome.status, summary: outcome.summary, code: outcome.code, values: { method, email }, errors });
  });

  // ── One claim ────────────────────────────────────────────────────────────────────────────

  /** The claim id of the URL; anything but a claim id is as unknown as another person's claim. */
  const claimIdOf = (request: FastifyRequest) => {
    const raw = (request.params as { id: string }).id;
    const parsed = ClaimIdParam.safeParse(raw);
    if (!parsed.success) throw notFound('claim_not_found', `You have no claim with id ${raw.slice(0, 20)}.`);
    return parsed.data;
  };

  async function claimPage(request: FastifyRequest, reply: FastifyReply, id: number, p: { status?: number; summary?: string } = {}) {
    const s = request.siteSession!;
    const claim = await services.claims.one(s.userId, id);
    const q = request.query as Record<string, unknown>;
    const notice = q.checked ? checkedNotice(claim) : q.started ? startedNotice(claim) : undefined;
    const pending = claim.status === 'pending';
    return web.page(request, reply, {
      title: `Claim of ${claim.listing_name}`,
      status: p.status,
      notice,
      script: pending,
      body: html`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/my/claims">My claims</a></li><li aria-current="page">${claim.listing_name}</li></ol></nav>
<h1>Claim of ${claim.listing_name}</h1>
<p class="muted">By ${METHOD_WORDS[claim.method]} · started ${time(claim.created_at)} · <a href="${listingHref(claim.slug)}">public page</a></p>
<p><strong>${STATUS_WORDS[claim.status]}</strong>${claim.status === 'failed' && claim.failure_reason ? html`: ${claim.failure_reason}` : ''}</p>
${errorSummary(p.summary)}
${pending ? pendingSteps(claim, s.csrf, s.email) : settled(claim)}
${claim.last_check && claim.status !== 'verified'
  ? html`<section aria-labelledby="last-check"><h2 id="last-check">Last check</h2>
<p>${time(claim.last_check.checked_at)}: ${CHECK_WORDS[claim.last_check.result]}</p><p class="muted">${claim.last_check.detail}</p></section>`
  : ''}`,
    });
  }

  app.get('/my/claims/:id', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    return claimPage(request, reply, claimIdOf(request));
  });

  app.post('/my/claims/:id/verify', SITE_ROUTE, async (request, reply) => {
    const id = claimIdOf(request);
    const outcome = await submitOperation(web, request, verifyClaim, { claim_id: id });
    if (outcome.ok) return reply.redirect(`${claimHref(id)}?checked=1`, 303);
    return claimPage(request, reply, id, { status: outcome.status, summary: outcome.summary });
  });

  // ── The person's claims ──────────────────────────────────────────────────────────────────

  app.get('/my/claims', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    const list = await readOperation(services, request, listMyClaims, { page: (request.query as Record<string, unknown>).page, per_page: 20 });
    return web.page(request, reply, {
      title: 'My claims',
      body: html`<h1>My claims</h1>
<p>Listings you claimed as your company's. A verified claim makes the listing yours: it is in <a href="/my/listings">My listings</a>. To claim another, open its page in the directory and follow "Is this your company?".</p>
${list.items.length
  ? html`<table class="stack">
<caption>${list.total === 1 ? '1 claim' : `${list.total} claims`}, newest first</caption>
<thead><tr><th scope="col">Listing</th><th scope="col">Proof</th><th scope="col">Status</th><th scope="col">Started</th></tr></thead>
<tbody>${list.items.map(
      (c) => html`<tr>
<td data-label="Listing"><a href="${claimHref(c.id)}">${c.listing_name}</a></td>
<td data-label="Proof">${METHOD_WORDS[c.method]}</td>
<td data-label="Status">${STATUS_WORDS[c.status]}${c.status === 'verified' ? html`<br><a href="/my/listings/${c.listing_id}">Edit the listing</a>` : ''}</td>
<td data-label="Started">${time(c.created_at)}</td>
</tr>`,
    )}</tbody>
</table>
${pager(list, '/my/claims', {})}`
  : html`<p>You have not claimed a listing. If your company is in the directory, open its page and follow "Is this your company? Claim it".</p>`}`,
    });
  });
}

const CHECK_WORDS: Record<NonNullable<ClaimView['last_check']>['result'], string> = {
  found: 'found',
  not_found: 'not found yet',
  could_not_check: 'could not check (this never counts against the claim)',
};

/** After "Verify now": what the check found, in words, and what to do next. */
function checkedNotice(c: ClaimView): string {
  if (c.status === 'verified') return `Verified: ${c.listing_name} is yours. It is in My listings, where you can edit it.`;
  if (c.status === 'failed') return `The claim failed: ${c.failure_reason ?? ''}`;
  if (c.status === 'expired') return 'The claim expired before the proof was found. Start a new claim.';
  const check = c.last_check;
  if (!check) return 'Nothing was checked: the claim changed meanwhile.';
  if (check.result === 'not_found') return `Still pending: the proof was not found. ${check.detail} Publish it as shown below, then press "Verify now" again.`;
  return `Still pending: we could not check. ${check.detail} This does not count against the claim; try again in a few minutes.`;
}

function startedNotice(c: ClaimView): string {
  if (c.method === 'email') return `Claim started: we sent a link to ${c.instructions.email_sent_to}.`;
  if (c.status === 'pending') return 'Claim started: publish the proof below, then press "Verify now".';
  return '';
}

/** A value to publish: selectable text, and a copy button when JavaScript runs (enhance.js). */
const copyable = (id: string, label: string, value: string) => html`<p class="secret" id="${id}" data-copy="${label}">${value}</p>`;

function verifyForm(c: ClaimView, csrf: string) {
  return html`<form method="post" action="${claimHref(c.id)}/verify">${formKeys(csrf)}<button type="submit">Verify now</button></form>
<p class="hint">The claim stays open until ${time(c.expires_at)}; verify as often as you like until then.</p>`;
}

/** What to publish (or open) for a pending claim, then "Verify now". */
function pendingSteps(c: ClaimView, csrf: string, signedInAs: string): Html {
  const i = c.instructions;
  switch (c.method) {
    case 'dns':
      return html`<h2>1. Add this DNS record</h2>
<p>At the DNS provider of the listing's domain, add a TXT record:</p>
<dl class="proof"><dt>Type</dt><dd><code>TXT</code></dd>
<dt>Name</dt><dd>${copyable('proof-name', 'the record name', i.dns_record?.name ?? '')}</dd>
<dt>Value</dt><dd>${copyable('proof-value', 'the record value', i.dns_record?.value ?? '')}</dd></dl>
<p class="hint">Some providers add the domain to the name themselves: then enter only the part before it. A new record can take from minutes to hours to be seen everywhere.</p>
<h2>2. Verify</h2>
${verifyForm(c, csrf)}`;
    case 'meta':
      return html`<h2>1. Add this tag to the homepage</h2>
<p>Paste it into the <code>&lt;head&gt;</code> of <a href="${i.page_url ?? ''}" rel="nofollow noopener">${i.page_url}</a> and publish the page. A tag in the body or in a comment does not count.</p>
<label for="proof-meta">Meta tag</label>
<textarea id="proof-meta" class="embed" readonly data-copy="the meta tag">${i.meta_tag ?? ''}</textarea>
<h2>2. Verify</h2>
${verifyForm(c, csrf)}`;
    case 'file':
      return html`<h2>1. Publish this file</h2>
<p>Serve a file at this address:</p>
${copyable('proof-url', 'the file address', i.file?.url ?? '')}
<p>containing this line (other lines may be there too):</p>
${copyable('proof-content', 'the file content', i.file?.content ?? '')}
<h2>2. Verify</h2>
${verifyForm(c, csrf)}`;
    case 'email':
      return html`<h2>Open the link we sent</h2>
<p>We sent a link to <strong>${i.email_sent_to}</strong>. Open it in this browser while signed in as ${signedInAs}: that proves the address, and the listing is yours. It works until ${time(c.expires_at)}.</p>
<form method="post" action="${startHref(c.slug)}">${formKeys(csrf)}<input type="hidden" name="method" value="email"><input type="hidden" name="email" value="${i.email_sent_to ?? ''}">
<button type="submit" class="secondary">Send a new link</button></form>
<p class="hint">A new link replaces the old one. To use another address, <a href="${startHref(c.slug)}">start again</a> with it.</p>`;
  }
}

/** A verified, failed or expired claim: what it means now. */
function settled(c: ClaimView): Html {
  if (c.status === 'verified') {
    return html`<section aria-labelledby="owned"><h2 id="owned">${c.listing_name} is yours</h2>
<p>Verified ${time(c.verified_at)}. <a href="/my/listings/${c.listing_id}">Edit ${c.listing_name}</a>, or see all of <a href="/my/listings">My listings</a>.</p>
<p class="muted">${c.method === 'email' ? 'The link has done its work.' : `You may remove the ${METHOD_WORDS[c.method]} now.`} Being verified does not change the plan or unlock paid sections.</p></section>`;
  }
  return html`<p>${c.status === 'expired' ? 'The proof was not found in time.' : ''} <a href="${startHref(c.slug)}">Start a new claim of ${c.listing_name}</a>.</p>`;
}
