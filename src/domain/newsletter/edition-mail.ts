import { UNSUBSCRIBE_PLACEHOLDER } from './edition-copy.ts';
import { dayOf, editionSubject, type EditionContent, type EditionListing } from './edition.ts';
import { introMarkup } from './intro-markdown.ts';
import { mail, plainBlock, plainLine, trusted, type Markup } from './mail-markup.ts';
import { DARK_STYLE, MAIL_COLORS as C, MAIL_FONT } from './mail-style.ts';

export interface RenderedEdition {
  subject: string;
  html: string;
  text: string;
}

const TEXT = trusted(`font-family:${MAIL_FONT};color:${C.text}`);
const MUTED = trusted(`font-family:${MAIL_FONT};font-size:14px;line-height:1.4;color:${C.muted}`);
const LINK = trusted(`color:${C.link};text-decoration:underline`);
const TABLE = trusted('role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"');

/**
 * An edition as a mail (variant 'mail': the unsubscribe placeholder in its footer) or as the
 * archive's web page (variant 'web': links to the archive and the subscribe page instead). HTML of
 * tables and inline styles in a fluid column of at most 600 px; no picture but the kept logos
 * (absolute PNG addresses of this site), no tracking pixel, every link straight to its page.
 */
export function renderEdition(c: EditionContent, p: { publicUrl: string; intro: string | null; variant: 'mail' | 'web' }): RenderedEdition {
  const url = (path: string) => p.publicUrl + path;
  const listingUrl = (slug: string) => url(`/listings/${encodeURIComponent(slug)}`);
  const weekUrl = (week: string) => url(`/launches/weeks/${week}`);
  const webUrl = url(`/newsletter/${c.week}`);
  const subject = editionSubject(c);
  const votes = (n: number | null) => (n === null ? null : `${n.toLocaleString('en-US')} ${n === 1 ? 'vote' : 'votes'}`);

  const logo = (l: EditionListing) =>
    l.logo
      ? mail`<td width="56" valign="top" style="width:56px;padding:0 12px 14px 0"><img src="${url(`/media/${l.logo}/logo-128.png`)}" width="48" height="48" alt="${`${l.name} logo`}" style="display:block;width:48px;height:48px;border:0;border-radius:8px"></td>`
      : '';
  const row = (l: EditionListing, mark: string | null) => {
    const detail = [l.tagline, votes(l.votes)].filter(Boolean).join(' · ');
    return mail`<tr>${logo(l)}<td valign="top"${l.logo ? '' : trusted(' colspan="2"')} style="padding:0 0 14px">
<p class="ly-text" style="margin:0;${TEXT};font-size:16px;line-height:1.4">${mark ? mail`<span class="ly-mark" style="color:${C.mark};font-weight:700">${mark}</span> ` : ''}<a class="ly-link" href="${listingUrl(l.slug)}" style="${LINK};font-weight:700">${l.name}</a></p>
${detail ? mail`<p class="ly-muted" style="margin:2px 0 0;${MUTED}">${detail}</p>` : ''}
</td></tr>`;
  };
  const more = (href: string, words: string) => mail`<p class="ly-text" style="margin:0;${TEXT};font-size:15px;line-height:1.5"><a class="ly-link" href="${href}" style="${LINK}">${words}</a></p>`;
  const section = (title: string, body: Markup, after: Markup | '' = '') => mail`<tr><td style="padding:24px 20px 0">
<h2 class="ly-text" style="margin:0 0 12px;${TEXT};font-size:20px;line-height:1.3">${title}</h2>
<table ${TABLE}>${body}</table>${after}
</td></tr>`;

  const sections: Markup[] = [];
  if (c.awards.length) sections.push(section('Launch of the Week', mail`${c.awards.map((a) => row(a, `★ #${a.place}`))}`));
  if (c.top.length)
    sections.push(section(`Top ${c.top.length} of the week of ${dayOf(c.week)}`, mail`${c.top.map((l) => row(l, `${l.rank}.`))}`, more(weekUrl(c.week), c.topTotal > c.top.length ? `All ${c.topTotal} launches of that week` : 'The week’s ranking')));
  if (c.current.items.length)
    sections.push(section('Launching this week', mail`${c.current.items.map((l) => row(l, null))}`, more(weekUrl(c.current.week), c.current.total > c.current.items.length ? `All ${c.current.total} launches this week, and vote` : 'Vote for this week’s launches')));
  if (c.upcoming.items.length)
    sections.push(section(`Coming the week of ${dayOf(c.upcoming.week)}`, mail`${c.upcoming.items.map((l) => row(l, null))}`, c.upcoming.total > c.upcoming.items.length ? more(weekUrl(c.upcoming.week), `All ${c.upcoming.total} launches of that week`) : ''));
  if (c.posts.length)
    sections.push(section('New on the blog', mail`${c.posts.map((x) => mail`<tr><td style="padding:0 0 14px">
<p class="ly-text" style="margin:0;${TEXT};font-size:16px;line-height:1.4"><a class="ly-link" href="${url(`/blog/${encodeURIComponent(x.slug)}`)}" style="${LINK};font-weight:700">${x.title}</a></p>
<p class="ly-muted" style="margin:2px 0 0;${MUTED}">${x.excerpt}</p>
</td></tr>`)}`));

  const footer =
    p.variant === 'mail'
      ? mail`You get this mail because you subscribed to the weekly newsletter of ${c.site}. <a class="ly-link" href="${trusted(UNSUBSCRIBE_PLACEHOLDER)}" style="${LINK}">Unsubscribe</a> with one click, no sign-in needed. <a class="ly-link" href="${webUrl}" style="${LINK}">Read this edition on the web</a>.`
      : mail`This is the web version of the weekly newsletter of ${c.site}, sent on Mondays. <a class="ly-link" href="${url('/newsletter')}" style="${LINK}">All editions</a> · <a class="ly-link" href="${url('/newsletter/subscribe')}" style="${LINK}">Subscribe</a>`;
  const [open, close] = p.variant === 'mail' ? [mail`<div role="article" aria-roledescription="email" aria-label="${subject}" lang="en">`, trusted('</div>')] : [trusted('<main>'), trusted('</main>')];

  const html = mail`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<meta name="x-apple-disable-message-reformatting">
<title>${subject}</title>
${p.variant === 'web' ? mail`<link rel="canonical" href="${webUrl}">
` : ''}<style>${trusted(DARK_STYLE)}</style>
</head>
<body class="ly-page" style="margin:0;padding:0;background-color:${C.page};-webkit-text-size-adjust:100%">
${open}
<table ${TABLE} class="ly-page" style="background-color:${C.page}">
<tr><td align="center" style="padding:16px 8px">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" align="center"><tr><td><![endif]-->
<table ${TABLE} class="ly-card" style="width:100%;max-width:600px;background-color:${C.card};border-radius:8px">
<tr><td class="ly-rule" style="padding:24px 20px 16px;border-bottom:1px solid ${C.rule}">
<p class="ly-muted" style="margin:0 0 4px;${MUTED}">${p.variant === 'web' ? mail`<a class="ly-link" href="${url('/newsletter')}" style="${LINK}">All editions</a> · ` : ''}The week of ${dayOf(c.week)}</p>
<h1 class="ly-text" style="margin:0;${TEXT};font-size:24px;line-height:1.3">${c.site} weekly</h1>
</td></tr>
${p.intro ? mail`<tr><td style="padding:20px 20px 0">${introMarkup(p.intro, p.publicUrl)}</td></tr>` : ''}
${sections}
<tr><td class="ly-rule" style="padding:16px 20px 24px;border-top:1px solid ${C.rule}">
<p class="ly-muted" style="margin:0;${MUTED}">${footer}</p>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
${close}
</body>
</html>
`.value;
  return { subject, html, text: editionText(c, { ...p, subject }) };
}

/** The plain-text part: the same edition, one listing per line with its address below. */
function editionText(c: EditionContent, p: { publicUrl: string; intro: string | null; variant: 'mail' | 'web'; subject: string }): string {
  const url = (path: string) => p.publicUrl + path;
  const entry = (l: EditionListing, mark: string | null) => {
    const words = [plainLine(l.name), l.tagline ? plainLine(l.tagline) : null].filter(Boolean).join(' — ');
    const count = l.votes === null ? '' : ` (${l.votes.toLocaleString('en-US')} ${l.votes === 1 ? 'vote' : 'votes'})`;
    return `${mark ? `${mark} ` : ''}${words}${count}\n${url(`/listings/${encodeURIComponent(l.slug)}`)}`;
  };
  const blocks: string[] = [`${plainLine(c.site)} weekly — the week of ${dayOf(c.week)}`];
  if (p.intro) blocks.push(plainBlock(p.intro));
  const heading = (s: string) => `${s.toUpperCase()}\n${'='.repeat(s.length)}`;
  if (c.awards.length) blocks.push(`${heading('Launch of the Week')}\n\n${c.awards.map((a) => entry(a, `#${a.place}`)).join('\n\n')}`);
  if (c.top.length) blocks.push(`${heading(`Top ${c.top.length} of the week of ${dayOf(c.week)}`)}\n\n${c.top.map((l) => entry(l, `${l.rank}.`)).join('\n\n')}\n\nThe whole ranking: ${url(`/launches/weeks/${c.week}`)}`);
  if (c.current.items.length) blocks.push(`${heading('Launching this week')}\n\n${c.current.items.map((l) => entry(l, null)).join('\n\n')}\n\nVote for this week's launches: ${url(`/launches/weeks/${c.current.week}`)}`);
  if (c.upcoming.items.length) blocks.push(`${heading(`Coming the week of ${dayOf(c.upcoming.week)}`)}\n\n${c.upcoming.items.map((l) => entry(l, null)).join('\n\n')}`);
  if (c.posts.length) blocks.push(`${heading('New on the blog')}\n\n${c.posts.map((x) => `${plainLine(x.title)}\n${url(`/blog/${encodeURIComponent(x.slug)}`)}`).join('\n\n')}`);
  blocks.push(
    p.variant === 'mail'
      ? `--\nYou get this mail because you subscribed to the weekly newsletter of ${plainLine(c.site)}.\nUnsubscribe with one click, no sign-in needed: ${UNSUBSCRIBE_PLACEHOLDER}\nRead this edition on the web: ${url(`/newsletter/${c.week}`)}`
      : `--\nAll editions: ${url('/newsletter')}\nSubscribe: ${url('/newsletter/subscribe')}`,
  );
  return `${blocks.join('\n\n')}\n`;
}
