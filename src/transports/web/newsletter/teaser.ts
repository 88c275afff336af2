import { html } from '../html.ts';

// The footer's and the home page's way to the newsletter: plain links, not the form. Public pages
// are the same bytes for every visitor who is not signed in (render-memo.ts, a public
// Cache-Control), and the form's CSRF token is per browser (a signed cookie, as on /sign-in), so
// the form lives on /newsletter/subscribe, one click away.

export const footerTeaser = html`<p class="newsletter-teaser">The weekly newsletter: last week's winners and this week's launches, every Monday. <a href="/newsletter/subscribe">Subscribe</a></p>`;

export const homeTeaser = html`<section class="feed newsletter" aria-labelledby="section-newsletter">
<div class="section-head"><h2 id="section-newsletter">The weekly newsletter</h2></div>
<p>Last week's winners and this week's launches in your inbox, every Monday. Confirmed by a link, one click to leave.</p>
<p><a class="button" href="/newsletter/subscribe">Subscribe</a></p>
</section>`;
