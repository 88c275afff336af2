import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteSession } from '../../../domain/accounts/sessions.ts';
import { DomainError } from '../../../domain/errors.ts';
import { DATA_EXPORT_LINK_HOURS } from '../../../domain/privacy/retention.ts';
import type { DataExportsPage, DataExportView } from '../../../domain/privacy/data-exports.ts';
import { EXPORT_ARCHIVE_NAME } from '../../../domain/privacy/export-archive.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html, time, type Html } from '../html.ts';
import { errorSummary } from '../layout.ts';
import { ASSET_URLS } from '../assets.ts';
import { refreshHead, REFRESH_SECONDS } from '../drafts/progress.ts';

/** 1.2 MB, 340 kB: the file's size as people read it. */
function size(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} kB`;
}

const WHAT = html`<p>A copy of everything this site keeps about your account, to read or to take elsewhere: your profile and how you
sign in, your sessions, API keys and connected apps (never a secret), your drafts with the quotes they were drafted from, your listings
and their history, founder profiles, claims, orders, votes, follows, reviews, comments and reports, your e-mail and newsletter
settings, the mail we sent you, and the pictures of your listings.</p>
<p>It comes as one zip file: <code>launchyard-export.json</code> (one JSON document, every key described in the site's documentation) and a
<code>files</code> folder with your pictures. Preparing it takes a minute or so; we e-mail you when it is ready. The download works for
${DATA_EXPORT_LINK_HOURS} hours, signed in as you, and is then deleted.</p>`;

/** The "Prepare my data" button, or when it can be pressed again. */
function startForm(p: DataExportsPage, s: SiteSession, now: Date, label: string): Html {
  if (!p.nextStartAt) return html``;
  if (p.nextStartAt.getTime() > now.getTime()) return html`<p>You can prepare a new copy once an hour: from ${time(p.nextStartAt)}.</p>`;
  return html`<form method="post" action="/account/data"><input type="hidden" name="csrf" value="${s.csrf}"><button type="submit">${label}</button></form>`;
}

/** Where the export is, in words (the live status line says the same to a screen reader). */
const progressWords = (e: DataExportView) => (e.state === 'queued' ? 'Waiting to start.' : `${e.step ?? 'Preparing'}: ${e.progress}% done.`);

function stateView(p: DataExportsPage, s: SiteSession, now: Date): Html {
  const e = p.latest;
  if (!e) return html`<h2 id="export-state-heading">Prepare your data</h2>${startForm(p, s, now, 'Prepare my data')}`;
  if (e.state === 'queued' || e.state === 'preparing') {
    const words = progressWords(e);
    return html`<h2 id="export-state-heading">Preparing your data</h2>
<p id="live-status" role="status">${words}</p>
<div id="export-progress" data-live data-status="${words}">
<label for="export-bar">How far it is</label>
<progress id="export-bar" max="100" value="${e.progress}">${e.progress}%</progress> <span>${e.progress}%</span>
<p>Asked for ${time(e.createdAt)}. You can leave this page: the work goes on, and we e-mail ${s.email} when it is ready.</p>
</div>
<noscript><p>This page reloads itself every ${REFRESH_SECONDS} seconds. <a href="/account/data">Reload now</a></p></noscript>`;
  }
  if (e.state === 'ready') {
    return html`<h2 id="export-state-heading">Your data is ready</h2>
<p><a class="button" href="${e.downloadPath}" download="${EXPORT_ARCHIVE_NAME}">Download ${EXPORT_ARCHIVE_NAME}</a> (${size(e.sizeBytes ?? 0)})</p>
<p>Prepared ${time(e.readyAt)}. The link works until ${time(e.expiresAt)}, for you only, signed in; then the file is deleted.</p>
${startForm(p, s, now, 'Prepare a new copy')}`;
  }
  if (e.state === 'failed') {
    return html`<h2 id="export-state-heading">Your data could not be prepared</h2>
<div class="alert" role="alert"><p>${e.failure}</p></div>
${startForm(p, s, now, 'Prepare my data')}`;
  }
  return html`<h2 id="export-state-heading">Your last copy has expired</h2>
<p>The copy you asked for ${time(e.createdAt)} could be downloaded until ${time(e.expiresAt)}; it is deleted now.</p>
${startForm(p, s, now, 'Prepare a new copy')}`;
}

/**
 * /account/data: "Download my data" (GDPR art. 15 and 20). "Prepare my data" posts (CSRF) and a
 * job prepares the zip; the page shows how far it is (reloading itself without JavaScript, or
 * draft.js swapping the live region in place), then the download link, which answers the signed-in
 * person only: another account's export is the same 404 as an unknown one, an expired one is 410.
 */
export function registerDataExportPage(app: FastifyInstance, web: Web) {
  const { services } = web;

  async function page(request: FastifyRequest, reply: FastifyReply, s: SiteSession, p: { status?: number; summary?: string } = {}) {
    const view = await services.dataExports.page(s.userId);
    const now = services.now();
    const live = view.latest?.state === 'queued' || view.latest?.state === 'preparing';
    return web.page(request, reply, {
      title: 'Download your data',
      status: p.status,
      ...(live ? { script: true, connect: true, head: html`<script src="${ASSET_URLS.draftJs}" defer></script>${refreshHead()}` } : {}),
      body: html`<h1>Download your data</h1>
${errorSummary(p.summary)}
${WHAT}
<section aria-labelledby="export-state-heading" id="export-state">
${stateView(view, s, now)}
</section>
<p><a href="/account">Back to your account</a></p>`,
    });
  }

  /** A download that cannot be given: why, in words, and the way back to the page. */
  const refused = (request: FastifyRequest, reply: FastifyReply, status: 404 | 409 | 410, title: string, text: string) =>
    web.page(request, reply, { title, status, body: html`<h1>${title}</h1><p>${text}</p><p><a href="/account/data">Your data</a></p>` });

  app.get('/account/data', SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    return page(request, reply, s);
  });

  app.post('/account/data', SITE_ROUTE, async (request, reply) => {
    const s = web.formSession(request);
    try {
      await services.dataExports.start(s.userId);
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== 'data_export_too_soon') throw err;
      reply.header('retry-after', String(err.retryAfterSeconds));
      return page(request, reply, s, { status: 429, summary: err.message });
    }
    return reply.redirect('/account/data', 303);
  });

  app.get(`/account/data/:id/${EXPORT_ARCHIVE_NAME}`, SITE_ROUTE, async (request, reply) => {
    const s = web.pageSession(request, reply);
    if (!s) return reply;
    const got = await services.dataExports.download(s.userId, (request.params as { id: string }).id);
    switch (got.kind) {
      case 'not_found':
        return refused(request, reply, 404, 'No such download', 'None of your data exports has this address. A link works only for the account that asked for it, signed in.');
      case 'expired':
        return refused(request, reply, 410, 'This download has expired', `A copy of your data can be downloaded for ${DATA_EXPORT_LINK_HOURS} hours; this one is deleted now. You can prepare a new one.`);
      case 'not_ready':
        return refused(request, reply, 409, 'Not ready yet', 'This copy of your data is not ready: see how far it is on the page.');
      case 'file':
        // The person's data: no cache keeps it, nothing in it runs if opened in place, no referrer leaves with it.
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${EXPORT_ARCHIVE_NAME}"`)
          .header('content-length', got.body.length)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('referrer-policy', 'no-referrer')
          .send(got.body);
    }
  });
}
