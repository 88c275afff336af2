import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { listFounders } from '../../../operations/founders/list-founders.ts';
import { getFounder } from '../../../operations/founders/get-founder.ts';
import { DomainError } from '../../../domain/errors.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { breadcrumbs } from '../json-ld.ts';
import { errorSummary } from '../layout.ts';
import { listingHref } from '../listing-card.ts';
import { logo } from '../logo.ts';
import { STORY_PARTS } from './listing-profile.ts';
import { plural } from '../numbers.ts';
import { hrefWith, pager } from '../pager.ts';
import { paragraphs } from '../paragraphs.ts';
import { externalLink, platformName, webLinks } from '../social-links.ts';
import { sendPublicPage } from '../public-page.ts';
import { readOperation } from '../read-operation.ts';
import { reportLink } from './report-page.ts';

const founderHref = (slug: string) => `/founders/${encodeURIComponent(slug)}`;
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** `/founders` (directory: name search, country filter) and `/founders/{slug}` (bio, companies, stories). */
export function registerFounderPages(app: FastifyInstance, web: Web) {
  app.get('/founders', SITE_ROUTE, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const q = str(query.q);
    const country = str(query.country);
    let list: z.output<typeof listFounders.output> | undefined;
    let problem: DomainError | undefined;
    try {
      list = await readOperation(web.services, request, listFounders, { q, country, page: str(query.page), per_page: 24 });
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind !== 'invalid') throw err;
      problem = err;
    }
    const filters = { q, country };
    const path = hrefWith('/founders', { ...filters, page: list && list.page > 1 ? list.page : undefined });
    return sendPublicPage(web, request, reply, list ? [list] : [], () => ({
      title: q ? `Founders named “${q}”` : 'Founders',
      description: 'The people behind the products in the directory: their stories, their companies and their answers to our interview.',
      path,
      noindex: Boolean(q || country),
      status: problem ? 400 : 200,
      jsonLd: [breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: 'Founders', path: '/founders' }])],
      body: html`<h1>Founders</h1>
<form class="filters" method="get" action="/founders" role="search" aria-label="Founders">
<div class="filter-grid">
<div><label for="founder-q">Name</label><input type="search" id="founder-q" name="q" value="${q ?? ''}" maxlength="120"></div>
<div><label for="founder-country">Country <span class="muted">(2 letters)</span></label><input type="text" id="founder-country" name="country" value="${country ?? ''}" maxlength="2" pattern="[A-Za-z]{2}" autocomplete="off"></div>
</div>
<button type="submit">Find founders</button>${q || country ? html` <a class="reset" href="/founders">Clear</a>` : ''}
</form>
${problem ? errorSummary(`${problem.message}`) : ''}
${list
  ? html`<p class="count" role="status">${plural(list.total, 'founder')}</p>
${list.items.length
  ? html`<ul class="tiles">${list.items.map((f) => html`<li class="profile-card">${logo(f.name, f.avatar_url)}<div><h2><a href="${founderHref(f.slug)}">${f.name}</a></h2><p class="muted">${[f.title, f.country, plural(f.companies, 'company', 'companies')].filter(Boolean).join(' · ')}</p></div></li>`)}</ul>`
  : html`<p class="empty">No founder matches. <a href="/founders">See all founders</a>.</p>`}
${pager(list, '/founders', filters, 'Founder pages')}`
  : ''}`,
    }));
  });

  app.get('/founders/:slug', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const f = await readOperation(web.services, request, getFounder, { slug });
    // The public profile hides its id; the report link names the profile by it.
    const id = await web.services.founders.idOf(f.slug);
    const path = founderHref(f.slug);
    const socials = webLinks(f.socials);
    return sendPublicPage(web, request, reply, [f], () => ({
      title: f.title ? `${f.name}, ${f.title}` : f.name,
      description: f.bio.slice(0, 300) || `${f.name} on ${web.siteName}.`,
      path,
      type: 'profile',
      image: f.avatar_url?.startsWith('https://') ? f.avatar_url : null,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Person',
          name: f.name,
          url: web.publicUrl + path,
          ...(f.title ? { jobTitle: f.title } : {}),
          ...(f.bio ? { description: f.bio } : {}),
          ...(socials.length ? { sameAs: socials.map(([, url]) => url) } : {}),
          ...(f.companies.length ? { worksFor: f.companies.map((c) => ({ '@type': 'Organization', name: c.name, url: web.publicUrl + listingHref(c.slug) })) } : {}),
        },
        breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: 'Founders', path: '/founders' }, { name: f.name, path }]),
      ],
      body: html`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/founders">Founders</a></li><li aria-current="page">${f.name}</li></ol></nav>
<div class="profile-head">${logo(f.name, f.avatar_url, 'l')}<div><h1>${f.name}</h1>
<p class="meta">${[f.title, f.country].filter(Boolean).join(' · ')}</p>
${socials.length ? html`<p>${socials.map(([k, url], i) => html`${i ? ' · ' : ''}${externalLink(url, platformName(k), 'noopener nofollow ugc me')}`)}</p>` : ''}</div></div>
<div class="prose">
${f.bio ? html`<section aria-labelledby="bio"><h2 id="bio">About</h2>${paragraphs(f.bio)}</section>` : ''}
<section aria-labelledby="companies"><h2 id="companies">Companies</h2>
${f.companies.length
  ? html`<ul class="alternatives">${f.companies.map((c) => html`<li>${logo(c.name, c.logo_url)}<span><a href="${listingHref(c.slug)}">${c.name}</a>${c.role ? html` <span class="muted">· ${c.role}</span>` : ''}${c.tagline ? html`<br><span class="muted">${c.tagline}</span>` : ''}</span></li>`)}</ul>`
  : html`<p class="muted">No live products yet.</p>`}</section>
${f.stories.map((s) => {
        const parts = STORY_PARTS.filter(([k]) => s.story[k]);
        const company = f.companies.find((c) => c.slug === s.listing);
        return html`<section aria-labelledby="story-${s.listing}"><h2 id="story-${s.listing}">${s.story.title ?? `The story of ${company?.name ?? s.listing}`}</h2>
${parts.map(([k, label]) => html`<h3>${label}</h3>${paragraphs(s.story[k]!)}`)}
<p><a href="${listingHref(s.listing)}">About ${company?.name ?? s.listing}</a></p></section>`;
      })}
${f.interview.length
  ? html`<section aria-labelledby="interview"><h2 id="interview">Interview</h2>${f.interview.map((a) => html`<h3>${a.question}</h3>${paragraphs(a.answer)}`)}</section>`
  : ''}
</div>
${id ? html`<p class="profile-foot">${reportLink('founder', id, `the profile of ${f.name}`)}</p>` : ''}`,
    }));
  });
}
