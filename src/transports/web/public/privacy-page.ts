import type { FastifyInstance } from 'fastify';
import { OAUTH_TTL } from '../../../domain/accounts/connected-apps.ts';
import { CREDENTIAL_POLICY } from '../../../domain/accounts/credential-throttle.ts';
import type { PrivacyNotice } from '../../../domain/privacy/privacy-notice.ts';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  BACKUP_KEEP_DEFAULT,
  DATA_EXPORT_LINK_HOURS,
  IDEMPOTENCY_KEPT_HOURS,
  INVOICE_RETENTION_YEARS,
  NETWORK_SALT_KEPT_DAYS,
  NEWSLETTER_ATTEMPTS_KEPT_HOURS,
  SESSION_LIFETIME_DAYS,
  SIGN_IN_FAILURES_KEPT_DAYS,
  UNUSED_PICTURE_KEPT_HOURS,
  UPLOAD_LOG_KEPT_HOURS,
  WEBHOOK_LOG_KEPT_DAYS,
} from '../../../domain/privacy/retention.ts';
import { FLOW_COOKIE, FLOW_LIFETIME_MS } from '../account/sign-in-flow.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { PRE_SESSION_COOKIE } from '../csrf.ts';
import { html, type Html } from '../html.ts';
import { breadcrumbs } from '../json-ld.ts';
import { sendPublicPage } from '../public-page.ts';
import { SESSION_COOKIE } from '../site-session.ts';

export const PRIVACY_PATH = '/privacy';
/** Pages other parts of the site serve: a person's own copy of their data, and deleting their account. */
export const DATA_EXPORT_PATH = '/account/data';
export const ACCOUNT_DELETE_PATH = '/account/delete';

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * `/privacy`: what the site keeps about people, why, for how long, who else receives it, their
 * rights and its cookies, in plain words. Every period is the constant the code enforces
 * (domain/privacy/retention.ts) or the setting in force, and every outside service is named only
 * when this installation is configured to use it (services.privacy), so the page cannot promise
 * what the service does not do.
 */
export function registerPrivacyPage(app: FastifyInstance, web: Web) {
  app.get(PRIVACY_PATH, SITE_ROUTE, async (request, reply) => {
    const notice = web.services.privacy;
    const { weighting } = web.services.voteTrust.rules;
    const host = new URL(web.publicUrl).host;
    return sendPublicPage(web, request, reply, [notice, weighting], () => ({
      title: 'Privacy',
      description: `What ${web.siteName} keeps about you, why, for how long, who else receives it, and what you can do about it.`,
      path: PRIVACY_PATH,
      jsonLd: [breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: 'Privacy', path: PRIVACY_PATH }])],
      body: html`<h1>Privacy</h1>
<p class="lede">What ${web.siteName} keeps about you, why, for how long, who else receives it, and what you can do about it. The periods on this page are the ones the software runs with.</p>
${operatorSection(notice, web.siteName, host)}
${keptSection(weighting.settleDays)}
${neverSection()}
${recipientsSection(notice)}
${rightsSection(notice)}
${cookiesSection()}`,
    }));
  });
}

function contactLink(contact: NonNullable<PrivacyNotice['operator']['contact']>): Html {
  return contact.kind === 'email' ? html`<a href="mailto:${contact.value}">${contact.value}</a>` : html`<a href="${contact.value}">${contact.value}</a>`;
}

function operatorSection(notice: PrivacyNotice, siteName: string, host: string): Html {
  const { name, address, contact } = notice.operator;
  return html`<section aria-labelledby="operator-heading" id="operator">
<h2 id="operator-heading">Who runs this site</h2>
${name
  ? html`<p>${siteName} (${host}) is run by <strong>${name}</strong>, who decides what is kept and answers for it.</p>`
  : html`<p>${siteName} (${host}) is run by whoever installed it there; they have not published their name on this page yet.</p>`}
${address.length ? html`<address>${address.map((line, i) => html`${i ? html`<br>` : ''}${line}`)}</address>` : ''}
${contact
  ? html`<p>For anything about your data, write to ${contactLink(contact)}.</p>`
  : html`<p>No contact address has been published yet. The pages under <a href="#rights">Your rights</a> let you see, download and delete your data yourself.</p>`}
</section>`;
}

/** One kind of data: what it is and why (the caller's words), and how long it is kept. */
const kept = (id: string, title: string, what: Html, howLong: Html) =>
  html`<div class="kept" id="keep-${id}"><h3>${title}</h3>${what}<p><strong>How long:</strong> ${howLong}</p></div>`;

function keptSection(settleDays: number): Html {
  return html`<section aria-labelledby="kept-heading" id="kept">
<h2 id="kept-heading">What we keep, why, and for how long</h2>
<p>Reading the directory needs no account, and then we keep nothing about you beyond the server's logs (below). With an account:</p>
${kept('account', 'Your account', html`<p>Your e-mail address and name, your password as a one-way hash (argon2id: nobody, us included, can read it back), when you signed up and confirmed your address. We need them to sign you in and to write to you about your account.</p>`, html`as long as you keep your account. When you delete it, you are signed out at once and it is erased ${count(ACCOUNT_DELETION_GRACE_DAYS, 'day')} later; signing in again before then cancels the deletion.`)}
${kept('sessions', 'Where you are signed in', html`<p>For each browser you sign in with: a rough label such as “Firefox on Linux”, when you signed in, when you were last seen (to the hour) and how you signed in. No address and no full browser identification. You see them on your account page and can end them all.</p>`, html`a session ends ${count(SESSION_LIFETIME_DAYS, 'day')} after your last visit, or when you sign out; its label and dates stay with your account.`)}
${kept('sign-in', 'Sign-in with GitHub or Google', html`<p>When you link one: which provider, your account number there, the e-mail address it gave us, whether it verified it, and when that account was made. Never its password, and no access to your account there after signing in.</p>`, html`until you unlink it or delete your account.`)}
${kept('keys', 'API keys and connected apps', html`<p>Each API key's name, what it may do, when it was last used and a one-way hash of it (the key itself is shown to you once); each app you connected and what you allowed it.</p>`, html`until you revoke them or delete your account; an app loses its access ${count(OAUTH_TTL.grant / 86_400, 'day')} after you approved it.`)}
${kept('content', 'What you add to the directory', html`<p>Products you submit (and the public pages of their websites we read to draft them), listings, updates, founder profiles, reviews, comments, votes, follows, upvotes, reports, and pictures you upload. Listings, reviews and comments are public: that is what the directory is for.</p>`, html`as long as your account exists, unless you remove them sooner.`)}
${kept('votes', 'Where a vote came from', html`<p>To find bought votes, each vote, follow, review and comment upvote keeps two fingerprints: of your network (the first three parts of its address) and of your browser's name, each a keyed hash under a key that changes every day and is deleted ${count(NETWORK_SALT_KEPT_DAYS, 'day')} after its day, so nobody can later find an address from them. Also how you had signed in and whether a page showing the product was open.</p>`, html`the fingerprints, sign-in method and page are erased ${count(settleDays, 'day')} after the vote (a vote held for review keeps them until a moderator has decided); the vote itself stays until you withdraw it or delete your account.`)}
${kept('orders', 'Orders and invoices', html`<p>What you bought, the prices and VAT, and the billing name, address, country and VAT number you entered. Card details never reach us: the payment page takes them.</p>`, html`${count(INVOICE_RETENTION_YEARS, 'year')}, also after you delete your account: bookkeeping and tax law require it.`)}
${kept('newsletter', 'The newsletter', html`<p>Your address, whether you confirmed it, and your consent: when, on which page and the exact words you agreed to. Requests to subscribe are counted against abuse as keyed hashes of the address and network.</p>`, html`until you unsubscribe; the address then stays marked as unsubscribed, so it is never mailed again unless you subscribe anew. The counted requests: ${count(NEWSLETTER_ATTEMPTS_KEPT_HOURS, 'hour')}.`)}
${kept('webhooks', 'Webhooks', html`<p>The endpoints you register (address, events, a note) with their signing secret, sealed; for each delivery, the event sent, and each attempt: when, how long it took, the status code and the first 1 KiB of what your endpoint answered.</p>`, html`endpoints until you delete them or your account; the delivery log and its events ${count(WEBHOOK_LOG_KEPT_DAYS, 'day')}.`)}
${kept('mail', 'Mail we send you', html`<p>A copy of each mail the site sends (to whom, subject, text), so the operator can check what went out.</p>`, html`no time limit is set yet.`)}
${kept('security', 'Records that keep the site safe', html`<p>Counters of failed sign-ins, named by keyed hashes of the address (never the address itself); a request's answer under its retry key, so a repeated request is not carried out twice; who uploaded pictures when, for the daily upload budget; pictures nothing uses any more.</p>`, html`failed sign-ins ${count(SIGN_IN_FAILURES_KEPT_DAYS, 'day')}, retry keys ${count(IDEMPOTENCY_KEPT_HOURS, 'hour')}, the upload log ${count(UPLOAD_LOG_KEPT_HOURS, 'hour')}, unused pictures ${count(UNUSED_PICTURE_KEPT_HOURS, 'hour')}. Limits on requests count per address in memory, never in the database, for at most ${count(CREDENTIAL_POLICY.windowMs / 60_000, 'minute')}.`)}
${kept('backups', 'Backups and logs', html`<p>The operator keeps backups of the database, and the server's logs note each request with the address it came from, to find faults and attacks. Neither is published.</p>`, html`backups: the newest ${BACKUP_KEEP_DEFAULT} daily ones by default (the operator may keep more or fewer), so what you delete leaves them as newer backups replace older ones. Logs: as long as the operator's log storage keeps them.`)}
</section>`;
}

function neverSection(): Html {
  return html`<section aria-labelledby="never-heading" id="never">
<h2 id="never-heading">What we never keep or do</h2>
<ul>
<li>No IP addresses in the database, and no browser fingerprinting beyond the rough label and the daily fingerprints above.</li>
<li>No analytics, advertising or tracking, and nothing loaded from other sites: pictures, fonts and scripts all come from this site (a product's video loads from YouTube, Vimeo or Loom only when you click it).</li>
<li>No card details, and no API keys or passwords in readable form (only one-way hashes).</li>
<li>We do not sell or rent your data to anyone.</li>
</ul>
</section>`;
}

function recipientsSection(notice: PrivacyNotice): Html {
  const r = notice.recipients;
  const items: Html[] = [
    ...(r.mail ? [html`<li><strong>The mail server at ${r.mail}</strong> delivers the site's mail: it receives your address and the mail's text.</li>`] : []),
    ...(r.stripe ? [html`<li><strong>Stripe</strong> takes payments: it receives the order's number, lines and amounts, and what you enter on its payment page (your card and e-mail address).</li>`] : []),
    ...(r.storage ? [html`<li><strong>The file storage at ${r.storage}</strong> keeps the pictures uploaded to the site.</li>`] : []),
    ...r.signIn.map((p) => html`<li><strong>${p}</strong>, if you sign in with it: it learns that you signed in here, and tells us what is listed above.</li>`),
    ...(r.model ? [html`<li><strong>The AI model service at ${r.model}</strong> drafts product profiles: it receives the public text of the websites people submit.</li>`] : []),
  ];
  return html`<section aria-labelledby="recipients-heading" id="recipients">
<h2 id="recipients-heading">Who else receives your data</h2>
${items.length
  ? html`<p>Only the services this site is set up to use, each for its task:</p><ul>${items}</ul>`
  : html`<p>No outside service: this site is set up to send your data to no other company.</p>`}
<p>Besides, the company hosting the server stores the database for the operator. Anything you publish (listings, reviews, comments, your name on them) anyone can read.</p>
</section>`;
}

function rightsSection(notice: PrivacyNotice): Html {
  const contact = notice.operator.contact;
  return html`<section aria-labelledby="rights-heading" id="rights">
<h2 id="rights-heading">Your rights</h2>
<ul>
<li><strong>See and download your data:</strong> <a href="${DATA_EXPORT_PATH}">download my data</a> gives you a copy of everything above that is about you; its download link works for ${count(DATA_EXPORT_LINK_HOURS, 'hour')}.</li>
<li><strong>Correct it:</strong> change what you wrote on your <a href="/account">account page</a> and your listings.</li>
<li><strong>Delete it:</strong> <a href="${ACCOUNT_DELETE_PATH}">delete my account</a> erases your account and takes your name off what you added, ${count(ACCOUNT_DELETION_GRACE_DAYS, 'day')} after you ask (invoices excepted, as above).</li>
<li><strong>Stop mail:</strong> every mail has an unsubscribe link, and your <a href="/account/email">e-mail preferences</a> switch each kind off.</li>
<li><strong>Object, or ask anything:</strong> ${contact ? html`write to ${contactLink(contact)}` : html`the operator has not published a contact address yet`}. In the EU and the UK you may also complain to your data protection authority.</li>
</ul>
</section>`;
}

function cookiesSection(): Html {
  return html`<section aria-labelledby="cookies-heading" id="cookies">
<h2 id="cookies-heading">Cookies</h2>
<p>Only the cookies signing in needs, none for tracking, so the site asks for no consent:</p>
<ul>
<li><code>${SESSION_COOKIE}</code> keeps you signed in: a random key to your session, for ${count(SESSION_LIFETIME_DAYS, 'day')} after your last visit or until you sign out.</li>
<li><code>${PRE_SESSION_COOKIE}</code> protects the sign-in and sign-up forms from forged posts, until you close the browser.</li>
<li><code>${FLOW_COOKIE}</code>, only while you sign in with GitHub or Google: for ${count(FLOW_LIFETIME_MS / 60_000, 'minute')}.</li>
<li><code>ly_oauth_…</code>, only when you connect an app to your account: for at most ${count(OAUTH_TTL.session / 3600, 'hour')}.</li>
</ul>
</section>`;
}
