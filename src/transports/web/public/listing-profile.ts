import type { z } from 'zod';
import type { ListingProfile } from '../../../contract/listing.ts';
import type { Alternative } from '../../../operations/listings/get-alternatives.ts';
import type { BadgeList } from '../../../contract/badge.ts';
import { html, type Html } from '../html.ts';
import { categoryHref, listingHref } from '../listing-card.ts';
import { logo } from '../logo.ts';
import { day, plural, usd, votesWords } from '../numbers.ts';
import { paragraphs } from '../paragraphs.ts';
import { externalLink, platformName, webLinks } from '../social-links.ts';
import { galleryPicture } from '../picture.ts';
import { VIDEO_HOST_NAMES, videoLink } from '../../../domain/pictures/video-links.ts';

type Profile = z.output<typeof ListingProfile>;

/** The founder story's sections, in reading order, with their headings. */
export const STORY_PARTS = [
  ['story', 'The story'],
  ['why_started', 'Why we started'],
  ['problem', 'The problem'],
  ['journey', 'The journey'],
  ['challenges', 'Challenges'],
  ['achievements', 'Achievements'],
  ['lessons', 'Lessons'],
  ['whats_next', "What's next"],
] as const;

const section = (id: string, title: string, body: Html | string) => html`<section aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${body}</section>`;

/** "182 votes · 151 counted", the counted part linking to how votes are weighed. */
function votesCounted(people: number, counted: number): Html {
  const w = votesWords(people, counted);
  return w.counted ? html`${w.votes} · <a href="/about/ranking" title="How votes are counted">${w.counted}</a>` : html`${w.votes}`;
}

/** The head of the page: logo, name, tagline, categories, counts and the marks it earned. */
export function profileHeader(p: Profile, awards: { week: string; label: string }[], actions: Html): Html {
  return html`<div class="profile-head">
${logo(p.name, p.logo_url, 'l')}
<div>
<h1>${p.name}</h1>
${p.tagline ? html`<p class="lede">${p.tagline}</p>` : ''}
<p class="meta">${[
    ...(p.categories.length ? [html`${p.categories.map((c, i) => html`${i ? ', ' : ''}<a href="${categoryHref(c.slug)}">${c.name}</a>`)}`] : []),
    ...(p.status === 'scheduled' && p.launch_week ? [html`<strong>Upcoming launch</strong>: the week of <a href="/launches/weeks/${p.launch_week}">${day(p.launch_week)}</a>`] : []),
    ...(p.status === 'live' && p.launch_week ? [html`launched the week of <a href="/launches/weeks/${p.launch_week}">${day(p.launch_week)}</a>`] : []),
  ].map((part, i) => html`${i ? ' · ' : ''}${part}`)}</p>
${awards.length ? html`<p class="marks">${awards.map((a) => html`<a class="mark" href="/launches/weeks/${a.week}">★ ${a.label}, week of ${day(a.week)}</a> `)}</p>` : ''}
<p class="counts"><span>${votesCounted(p.votes, p.counted_votes)}</span><span>${plural(p.follows, 'follower')}</span><span>${plural(p.views, 'view')}</span></p>
<p><a class="button" href="${p.url}" rel="noopener nofollow ugc">Visit ${p.domain}</a></p>
${actions}
</div>
</div>`;
}

/** Every section of the profile that has something to say; a fact the site does not state is simply absent. */
export function profileSections(p: Profile): Html {
  const facts: [string, Html | string][] = [];
  if (p.stage) facts.push(['Stage', p.stage[0].toUpperCase() + p.stage.slice(1)]);
  if (p.founded_year) facts.push(['Founded', String(p.founded_year)]);
  if (p.city || p.country) facts.push(['Based in', [p.city, p.country].filter(Boolean).join(', ')]);
  if (p.contact_email) facts.push(['Contact', html`<a href="mailto:${p.contact_email}">${p.contact_email}</a>`]);
  for (const a of p.attributes) facts.push([a.label, a.value === 'true' ? 'Yes' : a.value === 'false' ? 'No' : a.value]);
  if (p.domain_rating) {
    const d = p.domain_rating;
    const trend = d.trend === 'up' ? `▲ up ${d.change}` : d.trend === 'down' ? `▼ down ${-d.change}` : d.trend === 'flat' ? 'unchanged' : 'first measurement';
    facts.push(['Domain Rating', html`<strong>${d.value}</strong> <span class="trend trend-${d.trend}">${trend}</span> <span class="muted">(${d.source}, ${day(d.measured_at)})</span>`]);
  }
  if (p.revenue) facts.push(['Monthly revenue', html`${usd(p.revenue.mrr_cents)}${p.revenue.verified ? ' (verified)' : html` <span class="muted">(stated by the company)</span>`}`]);

  const out: (Html | string)[] = [];
  const about = [p.short_description && p.short_description !== p.description ? html`<p class="lede">${p.short_description}</p>` : '', ...(p.description ? paragraphs(p.description) : [])];
  if (about.some((a) => a !== '')) out.push(section('about', `About ${p.name}`, html`${about}`));
  if (p.features.length || p.usps.length) {
    out.push(section('features', 'Features', html`${p.features.length ? html`<ul class="ticks">${p.features.map((f) => html`<li>${f}</li>`)}</ul>` : ''}${p.usps.length ? html`<h3>Why people choose it</h3><ul class="ticks">${p.usps.map((u) => html`<li>${u}</li>`)}</ul>` : ''}`));
  }
  if (p.pricing.model || p.pricing.summary) {
    out.push(section('pricing', 'Pricing', html`<p>${p.pricing.model ? html`<span class="pill">${p.pricing.model}</span> ` : ''}${p.pricing.summary ?? ''}</p>`));
  }
  if (facts.length) out.push(section('facts', 'Facts', html`<dl class="facts">${facts.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl>`));
  if (p.demo_video_url) out.push(section('demo', 'Demo', html`<p>${externalLink(p.demo_video_url, 'Watch the demo video')}</p>`));
  if (p.founders.length) {
    out.push(section('founders', p.founders.length === 1 ? 'Founder' : 'Founders', html`<ul class="people">${p.founders.map((f) => html`<li>${logo(f.name, f.avatar_url)}<span><a href="/founders/${f.slug}">${f.name}</a>${f.title ? html`<br><span class="muted">${f.title}</span>` : ''}</span></li>`)}</ul>`));
  }
  if (p.story) {
    const s = p.story;
    const parts = STORY_PARTS.filter(([k]) => s[k]);
    if (parts.length) out.push(section('story', s.title ?? 'Founder story', html`${parts.map(([k, label]) => html`<h3>${label}</h3>${paragraphs(s[k]!)}`)}`));
  }
  if (p.milestones?.length) {
    out.push(section('milestones', 'Milestones', html`<ol class="timeline">${p.milestones.map((m) => html`<li><time datetime="${m.date}">${day(m.date)}</time> <strong>${m.url ? externalLink(m.url, m.title) : m.title}</strong>${m.description ? html`<p>${m.description}</p>` : ''}</li>`)}</ol>`));
  }
  if (p.media?.length) out.push(section('media', 'Media', gallery(p.name, p.media)));
  if (p.latest_updates.length) {
    out.push(section('updates', 'Latest updates', html`<ul class="updates">${p.latest_updates.map((u) => html`<li><h3>${u.title}</h3><p class="muted"><time datetime="${u.created_at}">${day(u.created_at)}</time></p>${paragraphs(u.body)}</li>`)}</ul>`));
  }
  if (p.faqs.length) {
    out.push(section('faqs', 'Questions and answers', html`${p.faqs.map((f) => html`<details><summary>${f.question}</summary><p>${f.answer}</p></details>`)}`));
  }
  const socials = webLinks(p.socials);
  out.push(section('links', 'Links', html`<ul class="links"><li>${externalLink(p.url, `Website (${p.domain})`)}</li>${socials.map(([k, url]) => html`<li>${externalLink(url, platformName(k))}</li>`)}${p.tags.length ? html`<li class="muted">Tags: ${p.tags.join(', ')}</li>` : ''}</ul>`));
  return html`${out}`;
}

/** Alternatives, the maker's picks first, each with a link to compare it side by side (compare_listings takes live listings only). */
export function alternativesSection(p: Profile, alternatives: z.output<typeof Alternative>[]): Html {
  if (!alternatives.length) return html``;
  return section(
    'alternatives',
    `Alternatives to ${p.name}`,
    html`<ul class="alternatives">${alternatives.map((a) => html`<li>${logo(a.name, a.logo_url)}<span><a href="${listingHref(a.slug)}">${a.name}</a>${a.approved ? html` <span class="pill">Recommended by ${p.name}</span>` : ''}${a.tagline ? html`<br><span class="muted">${a.tagline}</span>` : ''}</span>${p.status === 'live' && a.status === 'live' ? html`<a class="compare" href="/compare?a=${p.slug}&amp;b=${a.slug}">Compare<span class="visually-hidden"> ${p.name} with ${a.name}</span></a>` : ''}</li>`)}</ul>`,
  );
}

/** The badges the listing may show, as images, and where to get their embed code. */
export function badgesSection(p: Profile, badges: BadgeList): Html {
  if (!badges.badges.length) return html``;
  return section(
    'badges',
    'Badges',
    html`<p class="badges">${badges.badges.map((b) => html`<img src="${new URL(b.image_url).pathname + new URL(b.image_url).search}" alt="${b.label}" width="${b.width}" height="${b.height}">`)}</p>
<p><a href="${listingHref(p.slug)}/badges">Embed a badge on your site</a></p>`,
  );
}

/**
 * The gallery: kept images as responsive pictures with their captions, videos as a link to the
 * video that enhance.js turns into the host's player on a click (nothing is loaded from the host
 * before). An image the site does not keep (from before uploads) is shown as a link, not loaded.
 */
function gallery(name: string, media: NonNullable<Profile['media']>): Html {
  return html`<ul class="gallery">${media.map((m, i) => {
    const caption = m.caption ? html`<figcaption>${m.caption}</figcaption>` : '';
    if (m.kind === 'image') {
      const picture = galleryPicture({ url: m.url, alt: m.alt ?? m.caption ?? `${name}, picture ${i + 1}`, width: m.width ?? null, height: m.height ?? null, eager: false });
      return html`<li><figure>${picture ?? externalLink(m.url, m.caption ?? `${name}, picture ${i + 1}`)}${caption}</figure></li>`;
    }
    const video = videoLink(m.url);
    if (!video) return html`<li>${externalLink(m.url, m.caption ?? `${name} video`)}</li>`;
    const host = VIDEO_HOST_NAMES[video.host];
    return html`<li><figure><a class="video" href="${video.url}" data-embed="${video.embedUrl}" data-title="${m.caption ?? `${name} video`}" rel="noopener nofollow" target="_blank"><span class="play" aria-hidden="true">▶</span><span>Play the video on ${host}<span class="muted"> (loads ${host} only when you click)</span></span></a>${caption}</figure></li>`;
  })}</ul>`;
}
