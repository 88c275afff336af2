import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { DomainError } from '../../../domain/errors.ts';
import { dayOf } from '../../../domain/newsletter/edition.ts';
import { INTRO_MAX } from '../../../domain/newsletter/intro-markdown.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { html, time, type Html } from '../html.ts';
import { errorSummary, fieldError, invalidAttrs } from '../layout.ts';
import { plural } from '../numbers.ts';
import { editionDocumentHeaders } from '../newsletter/edition-document.ts';
import { adminFormSession, adminNav, adminPageSession } from './frame.ts';
import { withDone } from './moderation-forms.ts';

const PATH = '/admin/newsletter';
const PREVIEW = `${PATH}/preview`;

/** Confirmations after a post (Post/Redirect/Get), chosen by ?done=…, never echoing input. */
const DONE: Record<string, string> = {
  'test-sent': 'The test is on its way to your address (without SMTP, it is in the outbox).',
  'intro-saved': 'The intro is saved: the preview and the edition show it.',
  'settings-saved': 'The sending settings are saved.',
  'sending-started': 'The edition is going out: the progress shows below.',
};

/** The page frames its preview: frame-src 'self' beside the site's policy, on this page only. */
const framesPreview: onSendHookHandler = async (_request, reply, payload) => {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string' && !csp.includes('frame-src')) reply.header('content-security-policy', csp.replace('frame-ancestors', "frame-src 'self'; frame-ancestors"));
  return payload;
};

const hourOptions = (hour: number) => Array.from({ length: 24 }, (_, h) => html`<option value="${h}"${h === hour ? html` selected` : ''}>${String(h).padStart(2, '0')}:00</option>`);

/**
 * `/admin/newsletter`: the next edition's preview (its own document in a sandboxed frame, with
 * its own policy), a test to the administrator's address, the intro (Markdown), automatic sending
 * and its hour, "send now" and the progress once the sender exists, the editions so far. Every
 * form posts with the session's CSRF token; every change is in the action log.
 */
export function registerAdminNewsletter(app: FastifyInstance, web: Web) {
  const { services } = web;
  const editions = services.newsletterEditions;

  async function render(request: FastifyRequest, reply: FastifyReply, p: { status?: number; summary?: string; intro?: string; introError?: string; hourError?: string } = {}) {
    const s = request.siteSession!;
    const [next, settings, subscribers, past, latest] = await Promise.all([editions.preview(), editions.settings(), editions.confirmedSubscribers(), editions.recent(20), editions.latestSending()]);
    const sender = services.newsletterSending;
    const progress = sender && latest ? await sender.progress(latest.id) : undefined;
    const csrf = html`<input type="hidden" name="csrf" value="${s.csrf}">`;
    const status = !next.closed
      ? html`Last week's edition went out. This previews the next one, about this week (it closes on Sunday), with what it would say now.`
      : next.decided
        ? html`Last week is closed and its Launch of the Week is decided. ${settings.auto ? html`It goes out by itself on Monday from ${String(settings.hour).padStart(2, '0')}:00 (${settings.timezone}), or now with the button below.` : 'Automatic sending is off: it goes out when you press "Send now".'}`
        : html`Last week's awards wait for its held votes to be reviewed (<a href="/admin/votes">held votes</a>; at most 48 hours after the week closed). The edition is built and can go out once they are decided; the preview shows the standings now.`;
    const canSend = next.closed && next.decided && next.edition?.status !== 'sending' && next.edition?.status !== 'sent';
    const sendBlock = !sender
      ? html`<p class="notice">Sending is not available yet: this installation has no newsletter sender. Tests and previews work.</p>`
      : canSend
        ? html`<form method="post" action="${PATH}/send">${csrf}<input type="hidden" name="week" value="${next.week}"><button type="submit">Send now to ${plural(subscribers, 'subscriber')}</button></form>`
        : html`<p class="muted">"Send now" is possible once the week is closed and its awards are decided.</p>`;
    const done = DONE[String((request.query as Record<string, unknown>).done ?? '')];
    return web.page(request, reply, {
      title: 'Newsletter',
      status: p.status,
      notice: done,
      body: html`${adminNav(PATH)}<h1>Newsletter</h1>
<p>${plural(subscribers, 'confirmed subscriber')}. The weekly digest goes out on Mondays, once the week has closed and its Launch of the Week is decided: the winners, the week's top 10, this week's launches, next week's and new blog posts. The public <a href="/newsletter">archive</a> shows every edition sent. Every change here is in the <a href="/admin/log">action log</a>.</p>
${errorSummary(p.summary)}
<section aria-labelledby="next-heading">
<h2 id="next-heading">Next edition: the week of ${dayOf(next.week)}</h2>
<p>${status}${next.edition ? html` <span class="muted">Draft built ${time(next.edition.built_at)}.</span>` : ''}</p>
<p>Subject: <strong>${next.rendered.subject}</strong>${next.empty ? html` <span class="muted">(nothing to tell yet: no edition is built for a week without launches or posts)</span>` : ''}</p>
<iframe class="edition-preview" src="${PREVIEW}" title="Preview of the next edition" sandbox="allow-popups allow-popups-to-escape-sandbox" width="100%" height="900" loading="lazy"></iframe>
<p><a href="${PREVIEW}">Open the preview on its own</a></p>
<form method="post" action="${PATH}/test">${csrf}<button type="submit" class="secondary">Send me a test at ${s.email}</button></form>
${sendBlock}
</section>
<section aria-labelledby="intro-heading">
<h2 id="intro-heading">Intro</h2>
<form method="post" action="${PATH}/intro" novalidate>${csrf}<input type="hidden" name="week" value="${next.week}">
<label for="newsletter-intro">Opening paragraph of the edition of ${dayOf(next.week)} (optional)</label>
<textarea id="newsletter-intro" name="intro" rows="6" maxlength="${INTRO_MAX}" aria-describedby="newsletter-intro-hint"${invalidAttrs('newsletter-intro', p.introError)}>${p.intro ?? next.edition?.intro ?? ''}</textarea>
<p class="hint" id="newsletter-intro-hint">Markdown: paragraphs, **bold**, _italic_, [links](https://example.com) and lists, at most ${INTRO_MAX} characters. HTML and images are not shown. Empty: no intro.</p>
${fieldError('newsletter-intro', p.introError)}
<button type="submit">Save the intro</button>
</form>
</section>
<section aria-labelledby="settings-heading">
<h2 id="settings-heading">Sending</h2>
<form method="post" action="${PATH}/settings" novalidate>${csrf}
<p><input type="checkbox" id="newsletter-auto" name="auto" value="on"${settings.auto ? html` checked` : ''}> <label for="newsletter-auto">Send each edition automatically on Monday</label></p>
<label for="newsletter-hour">From this hour (${settings.timezone})</label>
<select id="newsletter-hour" name="hour"${invalidAttrs('newsletter-hour', p.hourError)}>${hourOptions(settings.hour)}</select>
${fieldError('newsletter-hour', p.hourError)}
<button type="submit">Save the sending settings</button>
</form>
</section>
${progressBlock(sender ? latest : undefined, progress)}
<section aria-labelledby="past-heading">
<h2 id="past-heading">Editions</h2>
${past.length ? editionTable(past) : html`<p class="empty">No edition yet.</p>`}
</section>`,
    });
  }

  app.get(PATH, { ...SITE_ROUTE, onSend: framesPreview }, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    return render(request, reply);
  });

  // The next edition as its own document: the mail's markup under its own policy, framed by this site only.
  app.get(PREVIEW, SITE_ROUTE, async (request, reply) => {
    if (!adminPageSession(web, request, reply)) return reply;
    const next = await editions.preview();
    // Links open outside the sandboxed frame (a site page refuses to be framed).
    const body = next.rendered.html.replace('<head>', '<head>\n<base target="_blank">');
    return editionDocumentHeaders(reply, { publicUrl: web.publicUrl, framedBySite: true }).header('cache-control', 'no-store').send(body);
  });

  app.post(`${PATH}/test`, SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    await editions.sendTest(s.userId, s.email);
    return reply.redirect(withDone(PATH, 'test-sent'), 303);
  });

  app.post(`${PATH}/intro`, SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const intro = field(request, 'intro');
    try {
      await editions.saveIntro(s.userId, field(request, 'week'), intro);
    } catch (err) {
      if (!(err instanceof DomainError) || (err.kind !== 'invalid' && err.kind !== 'conflict')) throw err;
      return render(request, reply, { status: err.kind === 'invalid' ? 400 : 409, intro, introError: err.fields?.[0]?.message, summary: `The intro was not saved: ${err.message}` });
    }
    return reply.redirect(withDone(PATH, 'intro-saved'), 303);
  });

  app.post(`${PATH}/settings`, SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const raw = field(request, 'hour');
    const hour = /^[0-9]{1,2}$/.test(raw) ? Number(raw) : Number.NaN;
    try {
      await editions.saveSettings(s.userId, { auto: field(request, 'auto') === 'on', hour });
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind !== 'invalid') throw err;
      return render(request, reply, { status: 400, hourError: err.fields?.[0]?.message, summary: `The sending settings were not saved: ${err.message}` });
    }
    return reply.redirect(withDone(PATH, 'settings-saved'), 303);
  });

  app.post(`${PATH}/send`, SITE_ROUTE, async (request, reply) => {
    const s = adminFormSession(web, request);
    const sender = services.newsletterSending;
    if (!sender) throw new DomainError('conflict', 'newsletter_sending_unavailable', 'Sending is not available yet: this installation has no newsletter sender. Nothing was sent.');
    try {
      await editions.sendNow(s.userId, field(request, 'week'), sender);
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind !== 'conflict') throw err;
      return render(request, reply, { status: 409, summary: err.message });
    }
    return reply.redirect(withDone(PATH, 'sending-started'), 303);
  });
}

/** The newest edition that went out or is going out: sent, failed, remaining, as numbers and a bar. */
function progressBlock(latest: { week: string; status: string } | undefined, n: { sent: number; failed: number; remaining: number } | undefined): Html | '' {
  if (!latest || !n) return '';
  const total = n.sent + n.failed + n.remaining;
  return html`<section aria-labelledby="progress-heading">
<h2 id="progress-heading">Sending the edition of ${dayOf(latest.week)}</h2>
<p><label for="newsletter-progress">${latest.status === 'sent' ? 'Sent' : 'Going out'}: ${plural(n.sent, 'mail')} sent, ${n.failed.toLocaleString('en-US')} failed, ${n.remaining.toLocaleString('en-US')} remaining</label></p>
<progress id="newsletter-progress" max="${Math.max(total, 1)}" value="${n.sent + n.failed}">${total ? Math.round(((n.sent + n.failed) / total) * 100) : 100} %</progress>
</section>`;
}

const STATUS: Record<string, string> = { draft: 'Draft', sending: 'Going out', sent: 'Sent' };

function editionTable(rows: { week: string; subject: string; status: string; built_at: Date; sent_at: Date | null }[]): Html {
  return html`<table class="stack">
<thead><tr><th scope="col">Week</th><th scope="col">Subject</th><th scope="col">Status</th><th scope="col">Built</th><th scope="col">Sent</th></tr></thead>
<tbody>${rows.map(
    (e) => html`<tr>
<td data-label="Week">${e.status === 'sent' ? html`<a href="/newsletter/${e.week}">${dayOf(e.week)}</a>` : dayOf(e.week)}</td>
<td data-label="Subject">${e.subject}</td>
<td data-label="Status">${STATUS[e.status] ?? e.status}</td>
<td data-label="Built">${time(e.built_at)}</td>
<td data-label="Sent">${time(e.sent_at, '—')}</td>
</tr>`,
  )}</tbody></table>`;
}
