import { html } from './html.ts';

/** The directory's own navigation, on every page: where a visitor goes next, and a search box. */
export const primaryNav = html`<nav class="primary" aria-label="Directory"><ul>
<li><a href="/launches/weeks/this">Launches</a></li>
<li><a href="/categories">Categories</a></li>
<li><a href="/leaderboards">Leaderboards</a></li>
<li><a href="/founders">Founders</a></li>
<li><a href="/blog">Blog</a></li>
</ul></nav>
<form class="site-search" role="search" aria-label="Site" method="get" action="/search">
<label for="site-search" class="visually-hidden">Search products</label>
<input type="search" id="site-search" name="q" maxlength="200" placeholder="Search products">
<button type="submit" class="secondary">Search</button>
</form>`;

export const siteFooter = html`<nav aria-label="More"><ul>
<li><a href="/awards">Awards</a></li>
<li><a href="/pricing">Pricing</a></li>
<li><a href="/about/ranking">How votes are counted</a></li>
<li><a href="/interview">Founder interviews</a></li>
<li><a href="/feeds/launches.rss">Launches RSS</a></li>
<li><a href="/feeds/blog.atom">Blog Atom feed</a></li>
<li><a href="/docs">API reference</a></li>
<li><a href="/llms.txt">llms.txt</a></li>
<li><a href="/sitemap.xml">Sitemap</a></li>
</ul></nav>`;
