import type { FastifyInstance } from 'fastify';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';

/**
 * /bot: where the crawler's User-Agent points (LaunchyardBot/1.0 (+{PUBLIC_URL}/bot)), so a site
 * owner who sees it in their logs learns what it is, what it reads and how to stop it.
 */
export function registerBotPage(app: FastifyInstance, web: Web) {
  app.get('/bot', SITE_ROUTE, async (request, reply) =>
    web.page(request, reply, {
      title: 'LaunchyardBot',
      body: html`<h1>LaunchyardBot</h1>
<p>LaunchyardBot reads a product's public website when someone submits it to this directory, so the
profile can be drafted with quotes from the site itself. It also re-reads a homepage to check for the
directory's badge, and reads a page to verify a listing claim.</p>
<ul>
<li>It reads <code>/robots.txt</code> first and obeys the rules for <code>LaunchyardBot</code> (or <code>*</code>), including Crawl-delay.</li>
<li>It reads a handful of pages per submission (the home page and pages such as about, pricing, FAQ and contact), one at a time, and once the logo those pages show (or the home page's share image), which the directory then keeps a copy of: visitors never load pictures from your site.</li>
<li>It never follows links to other sites, never submits forms and never reads private network addresses.</li>
</ul>
<p>To keep it out, add to your robots.txt:</p>
<pre>User-agent: LaunchyardBot
Disallow: /</pre>`,
    }),
  );
}
