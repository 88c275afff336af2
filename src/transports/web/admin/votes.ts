import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HeldGroup, HeldListing } from '../../../domain/admin/vote-review.ts';
import { HOLD_REASONS } from '../../../domain/community/vote-detection.ts';
import type { HeldVoteRow, VoteDecision } from '../../../store/held-votes-store.ts';
import { field, SITE_ROUTE, type Web } from '../context.ts';
import { html, time, type Html } from '../html.ts';
import { listingHref } from '../listing-card.ts';
import { plural } from '../numbers.ts';
import { pager } from '../pager.ts';
import { adminFormSession, adminListingHref, adminPage, adminPageSession, pageOf } from './frame.ts';
import { withDone } from './moderation-forms.ts';
import { voteChart } from './vote-chart.ts';

const PATH = '/admin/votes';
const SEEN: Record<string, string> = { listing: "the listing's page", list: 'a list showing it' };

/** How old an account was when it voted, in the unit people read it in. */
export function ageWords(seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  if (minutes < 120) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 72) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

/** The networks the group's votes came from, the most shared first: "a1b2c3d4 (12 votes)". */
function networkWords(votes: HeldVoteRow[]): string {
  const seen = new Map<string, number>();
  let unknown = 0;
  for (const v of votes) {
    if (v.network) seen.set(v.network, v.same_network);
    else unknown++;
  }
  const shared = [...seen].filter(([, n]) => n > 1).sort((a, b) => b[1] - a[1]);
  const single = [...seen].filter(([, n]) => n === 1).length;
  const parts = [
    ...shared.slice(0, 5).map(([h, n]) => `${h} (${plural(n, 'vote')})`),
    ...(shared.length > 5 ? [`${shared.length - 5} more shared networks`] : []),
    ...(single ? [`${plural(single, 'network')} with one vote each`] : []),
    ...(unknown ? [`${plural(unknown, 'vote')} whose network is no longer known`] : []),
  ];
  return parts.join('; ');
}

function evidence(g: HeldGroup, listingName: string): Html {
  const ages = g.votes.map((v) => v.account_age_seconds).sort((a, b) => a - b);
  return html`<table class="stack">
<caption>${g.total > g.votes.length ? `The earliest ${g.votes.length} of the ${g.total} held votes` : `The ${plural(g.total, 'held vote')}`} for ${listingName}, earliest first</caption>
<thead><tr><th scope="col">Cast</th><th scope="col">Account</th><th scope="col">Account age at the vote</th><th scope="col">Activity</th><th scope="col">Signed in with</th><th scope="col">Page seen</th><th scope="col">Network</th></tr></thead>
<tbody>${g.votes.map(
    (v) => html`<tr>
<td data-label="Cast">${time(v.created_at)}</td>
<td data-label="Account"><a href="/admin/users?q=${encodeURIComponent(v.user_email)}">${v.user_name || 'no name'}</a><br><span class="muted">${v.user_email}</span><br>${v.verified ? 'e-mail verified' : 'e-mail not verified'}${v.disabled ? html`<br><strong>disabled</strong>` : ''}</td>
<td data-label="Account age at the vote">${ageWords(v.account_age_seconds)}</td>
<td data-label="Activity">${v.activity}</td>
<td data-label="Signed in with">${v.sign_in_method ?? html`<span class="muted">not known</span>`}</td>
<td data-label="Page seen">${v.seen_on ? SEEN[v.seen_on] : 'none'}</td>
<td data-label="Network">${v.network ? html`<code>${v.network}</code>${v.same_network > 1 ? ` (${v.same_network} of the group)` : ' (only this vote)'}` : html`<span class="muted">no longer known</span>`}</td>
</tr>`,
  )}</tbody></table>
<p class="hint">Account age: youngest ${ageWords(ages[0])}, oldest ${ageWords(ages[ages.length - 1])}. Activity: the account's follows, published reviews and visible comments. A network is a salted hash of the voter's /24 (IPv4) or /48 (IPv6) for that day, shown by its first 8 characters: the same characters mean the same network that day (a vote cast shortly before midnight UTC shows the next day's hash, so a burst across midnight reads as one network), and no address can be read back from them.</p>`;
}

function decisionForms(g: HeldGroup, l: HeldListing, p: { csrf: string; page: number }): Html {
  const hidden = html`<input type="hidden" name="csrf" value="${p.csrf}"><input type="hidden" name="group" value="${g.group}"><input type="hidden" name="listing_id" value="${l.id}"><input type="hidden" name="page" value="${p.page}">`;
  const what = html`<span class="visually-hidden"> held as ${HOLD_REASONS[g.reason]} for ${l.name}</span>`;
  const count = plural(g.total, 'vote');
  return html`<div class="actions">
<form method="post" action="${PATH}/release">${hidden}<button type="submit">Release the ${count}${what}</button></form>
<form method="post" action="${PATH}/confirm">${hidden}<button type="submit" class="secondary">Confirm the ${count} as not genuine${what}</button></form>
</div>
<p class="hint">Release: they count again, each with its published weight, as soon as the weighting job has run (it is sent at once). Confirm: they stay stored and count 0 for good.</p>`;
}

function listingArticle(l: HeldListing, p: { csrf: string; page: number }): Html {
  const points = (l.vote_points / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 });
  return html`<article class="report-group" aria-labelledby="held-${l.id}">
<h2 id="held-${l.id}">${l.name}</h2>
<p><a href="${listingHref(l.slug)}">Its page</a> · <a href="${adminListingHref(l.id)}">Its admin page</a></p>
<dl class="facts">
<div><dt>Launch week</dt><dd>${l.launch_week ?? 'none'} (${l.status})</dd></div>
<div><dt>People who voted</dt><dd>${l.votes_count}</dd></div>
<div><dt>Counted votes now</dt><dd>${points}</dd></div>
<div><dt>Held, waiting for you</dt><dd>${l.held}</dd></div>
<div><dt>First held</dt><dd>${time(l.first_held_at)}</dd></div>
</dl>
${l.groups.map((g, i) => {
    const key = `held-${l.id}-${i}`;
    return html`<section aria-labelledby="${key}">
<h3 id="${key}">${plural(g.total, 'held vote')}: ${HOLD_REASONS[g.reason]}</h3>
<p>Cast from ${time(g.firstAt)} to ${time(g.lastAt)}. Networks: ${networkWords(g.votes)}.</p>
${voteChart(g, key)}
${evidence(g, l.name)}
${decisionForms(g, l, p)}
</section>`;
  })}
</article>`;
}

/**
 * `/admin/votes`: votes the weighting job held as suspect (bursts, single-purpose accounts, rings),
 * by listing and hold group, with the evidence; a moderator releases or confirms a group
 * (services.voteReview: the votes and the action log entry in one transaction, then the job).
 */
export function registerAdminVotes(app: FastifyInstance, web: Web) {
  const { voteReview } = web.services;

  app.get(PATH, SITE_ROUTE, async (request, reply) => {
    const s = adminPageSession(web, request, reply);
    if (!s) return reply;
    const page = pageOf(request, 1000);
    const queue = await voteReview.queue(page);
    return adminPage(web, request, reply, {
      path: PATH,
      title: 'Held votes',
      body: html`<h1>Held votes</h1>
<p>Votes the weighting job held as suspect: bursts from new accounts or from one network, accounts made for one vote, vote rings. A held vote counts 0 until you decide; nothing is deleted. <strong>Release</strong> a group when the votes look genuine (a launch shared with a class or an office): they count again with their published weight. <strong>Confirm</strong> it when they do not: they stay at 0. A closed week's Launch of the Week waits for its held votes to be decided, at most 48 hours after the week closes. Every decision goes into <a href="/admin/log">the action log</a>.</p>
${queue.items.length
  ? html`<p>${plural(queue.total, 'listing')} with held votes, the longest waiting first.</p>
${queue.items.map((l) => listingArticle(l, { csrf: s.csrf, page }))}
${pager({ page, per_page: queue.per_page, total: queue.total }, PATH, {})}`
  : html`<p class="empty">No held votes wait for a decision.${page > 1 ? html` <a href="${PATH}">The first page</a>.` : ''}</p>`}`,
    });
  });

  async function decide(request: FastifyRequest, reply: FastifyReply, decision: VoteDecision) {
    const s = adminFormSession(web, request);
    const decided = await voteReview.decide(s.userId, field(request, 'group'), field(request, 'listing_id'), decision);
    const page = /^[1-9][0-9]{0,3}$/.test(field(request, 'page')) ? Number(field(request, 'page')) : 1;
    const back = page > 1 ? `${PATH}?page=${page}` : PATH;
    return reply.redirect(withDone(back, decided ? `votes-${decision}` : 'votes-decided'), 303);
  }

  app.post(`${PATH}/release`, SITE_ROUTE, (request, reply) => decide(request, reply, 'released'));
  app.post(`${PATH}/confirm`, SITE_ROUTE, (request, reply) => decide(request, reply, 'confirmed'));
}
