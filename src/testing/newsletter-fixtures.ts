import { sql, type Kysely } from 'kysely';
import type { DB, NewsletterStatus } from '../store/schema.ts';

/**
 * Newsletter rows for the sender's tests and the bench: subscribers in bulk (one insert … select
 * over generate_series) and stored editions with the {{unsubscribe_url}} placeholder.
 */
export async function addSubscribers(db: Kysely<DB>, p: { count: number; status?: NewsletterStatus; prefix?: string; domain?: string }): Promise<string[]> {
  const status = p.status ?? 'confirmed';
  const prefix = p.prefix ?? `reader-${status}`;
  const domain = p.domain ?? 'test.example';
  const r = await sql<{ id: string }>`insert into newsletter_subscribers (email, status, consented_at, consent_page, consent_text, confirmed_at, unsubscribed_at)
    select ${prefix} || '-' || g || '@' || ${domain}, ${status}, now(), '/newsletter/subscribe', 'Send me the weekly newsletter.',
      case when ${status} in ('confirmed', 'bouncing', 'unsubscribed') then now() end,
      case when ${status} = 'unsubscribed' then now() end
    from generate_series(1, ${p.count}::int) g
    order by g
    returning id`.execute(db);
  return r.rows.map((x) => x.id);
}

let weeks = 0;

/** A stored edition in draft (a Monday of its own per call, since editions are one per week). */
export async function addEdition(db: Kysely<DB>, p: { subject?: string; html?: string; text?: string } = {}): Promise<string> {
  const week = new Date(Date.UTC(2024, 0, 1) + 7 * 86_400_000 * weeks++).toISOString().slice(0, 10);
  // content: what the builder keeps for the web version; the sender reads only subject, html and text.
  const r = await sql<{ id: string }>`insert into newsletter_editions (week, subject, html, text, content)
    values (${week}, ${p.subject ?? `The week of ${week}`}, ${p.html ?? editionHtml(week)}, ${p.text ?? editionText(week)}, '{}'::jsonb) returning id`.execute(db);
  return r.rows[0].id;
}

/** An edition's HTML of a realistic size (a dozen launches, inline styles: about 20 kB), with the unsubscribe link at the bottom. */
export function editionHtml(week: string, items = 12): string {
  const item = (i: number) =>
    `<tr><td style="padding:12px 0;border-bottom:1px solid #e5e7eb;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif">` +
    `<a href="https://launch.example/listings/product-${i}" style="color:#111827;font-weight:600;text-decoration:none">Product ${i}</a>` +
    `<p style="margin:4px 0 0;color:#4b5563;font-size:14px;line-height:1.5">A tool that does one thing well for week ${week}: ${'it saves time and keeps the data where it belongs. '.repeat(6)}</p></td></tr>`;
  return (
    `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>The week of ${week}</title></head>` +
    `<body style="margin:0;background:#ffffff"><table role="presentation" width="100%" style="max-width:600px;margin:0 auto">` +
    Array.from({ length: items }, (_, i) => item(i + 1)).join('') +
    `</table><p style="font-size:12px;color:#6b7280">You get this because you subscribed. <a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`
  );
}

export function editionText(week: string, items = 12): string {
  return (
    `The week of ${week}\n\n` +
    Array.from({ length: items }, (_, i) => `${i + 1}. Product ${i + 1}: https://launch.example/listings/product-${i + 1}\n`).join('') +
    `\nUnsubscribe: {{unsubscribe_url}}\n`
  );
}
