import type { FastifyInstance } from 'fastify';
import { listBlogPosts } from '../../../operations/blog/list-blog-posts.ts';
import { getBlogPost } from '../../../operations/blog/get-blog-post.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { breadcrumbs, faqPage } from '../json-ld.ts';
import { renderMarkdown } from '../markdown.ts';
import { day, plural } from '../numbers.ts';
import { hrefWith, pager } from '../pager.ts';
import { sendPublicPage } from '../public-page.ts';
import { readOperation } from '../read-operation.ts';
import { shareImage } from '../share-images.ts';

export const postHref = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const FEEDS = [
  { title: 'Blog (RSS)', href: '/feeds/blog.rss', type: 'rss' as const },
  { title: 'Blog (Atom)', href: '/feeds/blog.atom', type: 'atom' as const },
];

/** `/blog` (posts, newest first, with search) and `/blog/{slug}` (the post, its Markdown rendered safely, and its FAQs). */
export function registerBlogPages(app: FastifyInstance, web: Web) {
  app.get('/blog', SITE_ROUTE, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const q = str(query.q);
    const posts = await readOperation(web.services, request, listBlogPosts, { q, page: str(query.page), per_page: 12 });
    const path = hrefWith('/blog', { q, page: posts.page > 1 ? posts.page : undefined });
    return sendPublicPage(web, request, reply, [posts], () => ({
      title: q ? `Blog posts about “${q}”` : 'Blog',
      description: 'Guides and stories about launching a product: the weekly calendar, badges, reviews and what founders learned.',
      path,
      noindex: Boolean(q),
      feeds: FEEDS,
      jsonLd: [breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: 'Blog', path: '/blog' }])],
      body: html`<h1>Blog</h1>
<form class="filters" method="get" action="/blog" role="search" aria-label="Blog">
<label for="blog-q">Search the blog</label>
<input type="search" id="blog-q" name="q" value="${q ?? ''}" maxlength="200">
<button type="submit">Search</button>${q ? html` <a class="reset" href="/blog">All posts</a>` : ''}
</form>
${q ? html`<p class="count" role="status">${plural(posts.total, 'post')}</p>` : ''}
${posts.items.length
  ? html`<ul class="tiles">${posts.items.map(
      (p) => html`<li><h2><a href="${postHref(p.slug)}">${p.title}</a></h2>
<p class="muted"><time datetime="${p.published_at}">${day(p.published_at)}</time> · ${p.author}</p>
<p>${p.excerpt}</p>${p.tags.length ? html`<p class="muted">${p.tags.join(', ')}</p>` : ''}</li>`,
    )}</ul>`
  : html`<p class="empty">No post matches${q ? html` “${q}”` : ''}. <a href="/blog">See every post</a>.</p>`}
${pager(posts, '/blog', { q }, 'Blog pages')}
<p><a href="/feeds/blog.rss">Subscribe (RSS)</a> · <a href="/feeds/blog.atom">Atom</a></p>`,
    }));
  });

  app.get('/blog/:slug', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const post = await readOperation(web.services, request, getBlogPost, { slug });
    const path = postHref(post.slug);
    const share = await shareImage(web.services, { kind: 'post', title: post.title, subtitle: post.excerpt, figure: day(post.published_at), siteName: web.siteName }, request.log);
    return sendPublicPage(web, request, reply, [post], () => ({
      title: post.title,
      description: post.excerpt,
      path,
      type: 'article',
      image: post.cover_url?.startsWith('https://') ? post.cover_url : null,
      shareImage: share,
      feeds: FEEDS,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.excerpt,
          datePublished: post.published_at,
          dateModified: post.updated_at,
          author: { '@type': 'Person', name: post.author },
          mainEntityOfPage: web.publicUrl + path,
          ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
        },
        breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: 'Blog', path: '/blog' }, { name: post.title, path }]),
        ...(post.faqs.length ? [faqPage(post.faqs)] : []),
      ],
      body: html`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/blog">Blog</a></li><li aria-current="page">${post.title}</li></ol></nav>
<article class="prose">
<h1>${post.title}</h1>
<p class="muted">By ${post.author} · <time datetime="${post.published_at}">${day(post.published_at)}</time>${post.updated_at.slice(0, 10) !== post.published_at.slice(0, 10) ? html` · updated <time datetime="${post.updated_at}">${day(post.updated_at)}</time>` : ''}</p>
${renderMarkdown(post.body_markdown)}
${post.faqs.length ? html`<section aria-labelledby="faq-heading"><h2 id="faq-heading">Questions and answers</h2>${post.faqs.map((f) => html`<details><summary>${f.question}</summary><p>${f.answer}</p></details>`)}</section>` : ''}
${post.tags.length ? html`<p class="muted">Tags: ${post.tags.join(', ')}</p>` : ''}
</article>
<p><a href="/blog">← All posts</a></p>`,
    }));
  });
}
