import type { FastifyInstance } from 'fastify';
import { HOLD_REASONS, type VoteDetectionRules } from '../../../domain/community/vote-detection.ts';
import { PAGE_TOKEN_TTL_MS } from '../../../domain/community/vote-provenance.ts';
import { networkFactor, voteWeight, type VoteFacts, type VoteWeighting } from '../../../domain/community/vote-weighting.ts';
import { AWARDS_REVIEW_WAIT_MS } from '../../../jobs/week-start.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { breadcrumbs } from '../json-ld.ts';
import { sendPublicPage } from '../public-page.ts';

const num = (n: number) => String(Math.round(n * 1000) / 1000);
const pct = (n: number) => `${Math.round(n * 100)} %`;
const days = (n: number) => `${num(n)} ${n === 1 ? 'day' : 'days'}`;

/** Voters a maker meets, weighed by the code itself (voteWeight), so the page cannot drift from it. */
function examples(w: VoteWeighting): { who: string; facts: VoteFacts }[] {
  const base: VoteFacts = { verified: true, held: false, accountAgeDays: 0, activity: 0, identity: 'none', sameNetwork: 1, pageSeen: true };
  return [
    { who: 'An account made today, e-mail not confirmed', facts: { ...base, verified: false } },
    { who: 'An account made today, e-mail confirmed, nothing done yet', facts: base },
    { who: `An account ${days(Math.round(w.ageFullDays / 2))} old, no activity`, facts: { ...base, accountAgeDays: Math.round(w.ageFullDays / 2) } },
    { who: `An account ${days(w.ageFullDays)} or older, ${w.activityFull} follows, reviews or comments`, facts: { ...base, accountAgeDays: w.ageFullDays, activity: w.activityFull } },
    { who: `The same, with a GitHub account older than ${days(w.identityHistoryDays)} linked`, facts: { ...base, accountAgeDays: w.ageFullDays, activity: w.activityFull, identity: 'aged' } },
    { who: `The same, but one of ${w.networkFree * 10} votes for the listing from one network within the hour`, facts: { ...base, accountAgeDays: w.ageFullDays, activity: w.activityFull, identity: 'aged', sameNetwork: w.networkFree * 10 } },
    { who: 'Any vote held for review', facts: { ...base, accountAgeDays: w.ageFullDays, activity: w.activityFull, identity: 'aged', held: true } },
  ];
}

/**
 * `/about/ranking`: how votes are weighed and what is held for review, in plain words, with the
 * numbers in force (the settings VOTE_WEIGHTING and VOTE_DETECTION, read from the running
 * service). Product Hunt keeps its trust score secret; we publish ours.
 */
export function registerRankingPage(app: FastifyInstance, web: Web) {
  app.get('/about/ranking', SITE_ROUTE, async (request, reply) => {
    const { weighting: w, detection: d } = web.services.voteTrust.rules;
    return sendPublicPage(web, request, reply, [w, d], () => ({
      title: 'How votes are counted',
      description: `Every vote on ${web.siteName} counts from 0 to 1 by a published formula; suspect votes are held for review, never silently deleted.`,
      path: '/about/ranking',
      jsonLd: [breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: 'How votes are counted', path: '/about/ranking' }])],
      body: html`<h1>How votes are counted</h1>
<p class="lede">The weekly board, the all-time board, today's and trending launches, the feeds and Launch of the Week rank products by <strong>counted votes</strong>: each vote counts from 0 to 1 by the formula below. The number of votes shown is always the number of people; where the two differ, both are shown, for example “182 votes · 151 counted”.</p>
<p>Votes can be bought, and fresh accounts deliver them. Other launch platforms answer with a secret trust score. We publish ours, so a maker can see why a vote counts what it counts, and so can everyone else.</p>

<section aria-labelledby="formula-heading">
<h2 id="formula-heading">The formula</h2>
<p>A vote from an account whose e-mail address is not confirmed counts 0, and so does a vote held for review. Every other vote counts:</p>
<p class="formula"><code>weight = trust × network share × page</code></p>
<ul>
<li><strong>trust</strong> = ${num(w.base)} (a confirmed e-mail address) + ${num(w.ageWeight)} × the account's age at the vote divided by ${days(w.ageFullDays)} (at most 1) + ${num(w.activityWeight)} × the account's genuine activity divided by ${w.activityFull} (at most 1) + ${num(w.identityWeight)} × a linked GitHub or Google account (1 when that account is older than ${days(w.identityHistoryDays)}, ½ when it is younger or its age is unknown); at most 1. Genuine activity is the products the person follows, their published reviews and their comments that were not hidden.</li>
<li><strong>network share</strong> = 1, unless more than ${w.networkFree} votes for the same listing come from one network within ${w.networkWindowMinutes} minutes of each other; then those votes share ${w.networkFree} votes between them (each counts ${w.networkFree} ÷ their number). A network is the first three parts of an IPv4 address (/24) or the first three groups of an IPv6 address (/48): an office, a campus, a home.</li>
<li><strong>page</strong> = 1 when the vote was cast from a page of this site that showed the product (its page, or a list with its card, opened within the last ${num(PAGE_TOKEN_TTL_MS / 3_600_000)} hours), ${num(w.noPageFactor)} otherwise (a form posted by a script without opening a page).</li>
</ul>
<table>
<caption>Examples, weighed by the same code that weighs real votes</caption>
<thead><tr><th scope="col">Who votes</th><th scope="col">Counts</th></tr></thead>
<tbody>${examples(w).map((e) => html`<tr><td>${e.who}</td><td>${num(voteWeight(e.facts, w))}</td></tr>`)}</tbody>
</table>
<p>Weights are recomputed every 10 minutes, not when you load a page: an account's age and activity grow, and a network's later votes change its share (${pct(networkFactor(w.networkFree * 2, w))} each for ${w.networkFree * 2} votes from one network within the hour).</p>
</section>

<section aria-labelledby="held-heading">
<h2 id="held-heading">Votes held for review</h2>
<p>Every 10 minutes, and after each week closes, a job looks at the votes of the last ${days(d.ringWindowDays)} for these patterns. A vote that matches is <strong>held</strong>: it counts 0 and waits for a moderator, who releases it (it counts again) or confirms it (it stays at 0). Nothing is deleted.</p>
${detectionList(d)}
<p>Launch of the Week for a week with votes still held is decided once they are reviewed, or ${AWARDS_REVIEW_WAIT_MS / 3_600_000} hours after the week closes, whichever comes first (held votes then count 0).</p>
</section>

<section aria-labelledby="data-heading">
<h2 id="data-heading">What we keep about a vote</h2>
<p>Who voted, for which product, when, how they had signed in (password, GitHub or Google), whether a page showing the product was open, and two fingerprints: of the network and of the browser's name. The fingerprints are keyed hashes under a key that changes every day and is deleted the day after, so nobody, us included, can later find an address from them; we never store addresses. After ${days(w.settleDays)} a vote keeps only its weight: the fingerprints, the sign-in method and the page are erased.</p>
<p>Votes come only from people signed in on this site. API keys, apps connected with OAuth and AI assistants (MCP) can read the rankings but never vote.</p>
</section>

<section aria-labelledby="settings-heading">
<h2 id="settings-heading">The numbers in force</h2>
<p>Each number above is a setting of this site, shown here as it is set (the operator sets <code>VOTE_WEIGHTING</code> and <code>VOTE_DETECTION</code>; the defaults are in the project's documentation).</p>
<table>
<caption>Weighting</caption>
<thead><tr><th scope="col">Setting</th><th scope="col">Value</th></tr></thead>
<tbody>${Object.entries(w).map(([k, v]) => html`<tr><td><code>${k}</code></td><td>${num(v)}</td></tr>`)}</tbody>
</table>
<table>
<caption>Detection</caption>
<thead><tr><th scope="col">Setting</th><th scope="col">Value</th></tr></thead>
<tbody>${Object.entries(d).map(([k, v]) => html`<tr><td><code>${k}</code></td><td>${num(v)}</td></tr>`)}</tbody>
</table>
</section>`,
    }));
  });
}

function detectionList(d: VoteDetectionRules) {
  return html`<dl class="facts">
<div><dt>${HOLD_REASONS.fresh_burst}</dt><dd>${d.freshBurstMin} or more votes for one product within ${d.burstWindowMinutes} minutes from accounts younger than ${d.freshHours} hours: those accounts' votes.</dd></div>
<div><dt>${HOLD_REASONS.network_burst}</dt><dd>${d.networkBurstMin} or more votes for one product within ${d.burstWindowMinutes} minutes from one network.</dd></div>
<div><dt>${HOLD_REASONS.single_purpose}</dt><dd>${d.singlePurposeMin} or more votes for one product from accounts whose only act ever is that vote, cast within ${d.freshHours} hours of signing up: people a maker brought to vote once.</dd></div>
<div><dt>${HOLD_REASONS.ring}</dt><dd>${d.ringMinSize} or more accounts linked by pairs that voted for at least ${d.ringMinShared} of the same products, with vote lists overlapping by at least ${pct(d.ringMinJaccard)}, and ${num(d.ringMinRatio)} times more than chance: what two people with those numbers of votes would share if each picked products in proportion to their popularity (two fans of this week's top products share them by chance; makers voting for each other's small products do not). Their votes for the products at least half of them voted for are held. Products with more than ${d.ringListingCap} voters in the period are not used to find rings.</dd></div>
</dl>`;
}
