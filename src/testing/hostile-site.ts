import { loopbackSite } from './loopback-site.ts';

/**
 * Test-only: a small product site whose pages are built to hurt an extractor: product names in a
 * grid that reads as one run of text ("Real-time DashboardsCustom Reports…", the line that once
 * froze the service), long mixed-case words, names glued to role words, apostrophe runs and
 * 10,000-character lines. Honest facts sit beside them, so a draft still has something to find.
 */
export function hostilePages(): Record<string, string> {
  const grid = ['Real-time Dashboards', 'Custom Reports', 'Predictive Insights', '50+ Data Sources'];
  const gridRow = grid.map((g) => `<span>${g}</span>`).join('');
  const mixedCase = 'AbcDefGhiJklMnoPqrStu'.repeat(200);
  const glued = 'JaneDoeFounderCEOJohnRoeCoFounderCTO'.repeat(150);
  const apostrophes = `Abn${"o'v".repeat(400)}v`;
  const longLine = 'Aa'.repeat(5_000);
  const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;
  return {
    '/': page(
      'Insightly — analytics for small shops',
      `<header><nav><a href="/products">Products</a> <a href="/team">Team</a> <a href="/about">About</a> <a href="/pricing">Pricing</a></nav></header>
<main><h1>Analytics for small shops</h1><p>Insightly turns your sales data into dashboards you can read over coffee.</p>
<div class="grid"><p>${gridRow}</p></div></main>`,
    ),
    '/products': page('Products — Insightly', `<main><h2>Products</h2>${`<div class="card"><p>${gridRow}</p></div>`.repeat(30)}<p>${grid.join('')}</p><p>${mixedCase}</p></main>`),
    '/team': page('Team — Insightly', `<main><h2>Our team</h2><p>${glued}</p><p>${apostrophes}</p><p>Mara Quint, Co-founder &amp; CEO</p></main>`),
    '/about': page('About — Insightly', `<main><h2>About us</h2><p>Insightly was founded in 2021 and is based in Lisbon, Portugal.</p><p>${longLine}</p><p>${'Ab'.repeat(5_000)}</p></main>`),
    '/pricing': page('Pricing — Insightly', `<main><h2>Pricing</h2><h3>Starter</h3><p>$19 per month</p><h3>Free</h3><p>Free for ever, one dashboard.</p><p>${mixedCase}</p></main>`),
  };
}

export async function hostileSite() {
  return loopbackSite({ '/robots.txt': { type: 'text/plain', body: '' }, ...hostilePages() });
}
