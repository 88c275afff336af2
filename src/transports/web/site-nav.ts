import type { SiteSession } from '../../domain/accounts/sessions.ts';
import { html, type Html } from './html.ts';
import { footerTeaser } from './newsletter/teaser.ts';

/** The directory's own navigation, on every page: where a visitor goes next. */
const primaryNav = html`<nav class="primary" aria-label="Directory"><ul>
<li><a href="/launches/weeks/this">Launches</a></li>
<li><a href="/categories">Categories</a></li>
<li><a href="/leaderboards">Leaderboards</a></li>
<li><a href="/founders">Founders</a></li>
<li><a href="/blog">Blog</a></li>
</ul></nav>`;

const siteSearch = html`<form class="site-search" role="search" aria-label="Site" method="get" action="/search">
<label for="site-search" class="visually-hidden">Search products</label>
<input type="search" id="site-search" name="q" maxlength="200" placeholder="Search products">
<button type="submit" class="secondary">Search</button>
</form>`;

/** Signed in: the person's own pages and the sign-out form (a POST with the session's CSRF token); else the way in. */
function accountNav(s: SiteSession | undefined): Html {
  const items = s
    ? html`<li><a href="/submit">Submit</a></li>
<li><a href="/my/listings">My listings</a></li>
<li><a href="/my/orders">Orders</a></li>
<li><a href="/account">Account</a></li>
${s.isAdmin ? html`<li><a href="/admin">Admin</a></li>` : ''}
<li><form class="inline" method="post" action="/sign-out"><input type="hidden" name="csrf" value="${s.csrf}"><button class="link" type="submit">Sign out</button></form></li>`
    : html`<li><a href="/sign-in">Sign in</a></li><li><a href="/sign-up">Sign up</a></li>`;
  return html`<nav class="account" aria-label="Account">${s ? html`<span class="muted">${s.name}</span>` : ''}<ul>${items}</ul></nav>`;
}

/**
 * The header of every page: the name, the search box, and both navigations in one <details>
 * menu. On a phone only the menu's summary shows, so the page's own content starts near the
 * top; it opens without JavaScript. From 60rem the stylesheet dissolves the disclosure
 * (::details-content) and the links sit in the bar as they always did.
 */
export function siteHeader(siteName: string, session: SiteSession | undefined): Html {
  return html`<header><div class="bar"><a class="brand" href="/">${siteName}</a>
${siteSearch}
<details class="site-menu"><summary><span class="menu-icon" aria-hidden="true"></span>Menu</summary>
<div class="menu-panel">
${primaryNav}
${accountNav(session)}
</div></details></div></header>`;
}

export const siteFooter = html`${footerTeaser}
<nav aria-label="More"><ul>
<li><a href="/awards">Awards</a></li>
<li><a href="/pricing">Pricing</a></li>
<li><a href="/about/ranking">How votes are counted</a></li>
<li><a href="/interview">Founder interviews</a></li>
<li><a href="/feeds/launches.rss">Launches RSS</a></li>
<li><a href="/feeds/blog.atom">Blog Atom feed</a></li>
<li><a href="/newsletter">Newsletter archive</a></li>
<li><a href="/docs">API reference</a></li>
<li><a href="/llms.txt">llms.txt</a></li>
<li><a href="/sitemap.xml">Sitemap</a></li>
<li><a href="/privacy">Privacy</a></li>
</ul></nav>`;
