/**
 * The bench finds its listings as a crawler does: `/sitemap.xml`, then its listing files in order
 * (each one primary-key range, src/transports/web/feeds/sitemap.ts). Paging a sorted list 100 at a
 * time to 50,000 cost minutes on the embedded database: every page pays for its offset.
 */
const LOC = /<loc>([^<]*)<\/loc>/g;

const locs = (xml: string) => [...xml.matchAll(LOC)].map((m) => m[1].replaceAll('&amp;', '&'));

async function text(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return res.text();
}

/** Up to `wanted` listing slugs, in id order. */
export async function sitemapSlugs(baseUrl: string, wanted: number): Promise<string[]> {
  const files = locs(await text(`${baseUrl}/sitemap.xml`))
    .map((u) => new URL(u).pathname)
    .filter((p) => /^\/sitemaps\/listings-\d+\.xml$/.test(p));
  const slugs: string[] = [];
  for (const file of files) {
    if (slugs.length >= wanted) break;
    for (const u of locs(await text(baseUrl + file))) {
      const slug = /^\/listings\/([^/]+)$/.exec(new URL(u).pathname)?.[1];
      if (slug && slugs.length < wanted) slugs.push(decodeURIComponent(slug));
    }
  }
  return slugs;
}
