import type { PageSnapshot } from '../crawler/types.ts';
import { pageFromHtml } from './page-fixture.ts';

/** Test-only: small but realistic sites, as crawled pages. */

const ORIGIN = 'https://tallyhq.example';

/** An English SaaS site: home, about, pricing, FAQ and contact pages. */
export function englishSite(): PageSnapshot[] {
  const home = `<!doctype html><html lang="en"><head>
<title>TallyHQ — Invoicing for freelancers</title>
<meta name="description" content="TallyHQ sends your invoices, chases late payments and keeps your books tidy. Built for freelancers and small studios.">
<meta name="keywords" content="invoicing, freelancers, late payments">
<meta property="og:site_name" content="TallyHQ">
<meta property="og:description" content="Invoices that get paid on time.">
<link rel="icon" href="/favicon.ico">
<link rel="apple-touch-icon" sizes="180x180" href="/apple-touch-icon.png">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"TallyHQ","url":"${ORIGIN}/","logo":"${ORIGIN}/img/tallyhq-logo.png","foundingDate":"2019","founder":{"@type":"Person","name":"Maya Lindqvist"},"address":{"@type":"PostalAddress","streetAddress":"12 Harbour Street","addressLocality":"Edinburgh","postalCode":"EH6 6QN","addressCountry":"GB"},"sameAs":["https://x.com/tallyhq","https://www.linkedin.com/company/tallyhq"]}</script>
</head><body>
<header><a class="brand" href="/"><img class="site-logo" src="/img/tallyhq-logo.png" alt="TallyHQ logo"></a>
<nav><a href="/about">About</a> <a href="/pricing">Pricing</a> <a href="/faq">FAQ</a> <a href="/contact">Contact</a></nav></header>
<main>
<section><span class="badge">Public beta</span><h1>Invoices that get paid on time</h1>
<p>TallyHQ sends your invoices, chases late payments and keeps your books tidy, so you can get back to the work you love.</p>
<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="TallyHQ in 90 seconds"></iframe></section>
<section><h2>Features</h2><ul>
<li>Recurring invoices in 30 currencies</li>
<li>Automatic payment reminders</li>
<li>Bank feeds for 2,000 banks</li>
<li>Expense tracking with receipt scanning</li></ul></section>
<section><h2>Why TallyHQ?</h2><ul><li>Set up in five minutes</li><li>Your data stays in the EU</li></ul></section>
<section class="testimonials"><h2>What our customers say</h2>
<blockquote><p>“TallyHQ halved the time I spend on admin. Since 2015 I have tried every tool and this is the one.”</p>
<footer>— Priya Raman, Founder of Raman Studio</footer></blockquote></section>
</main>
<footer><p>Follow us: <a href="https://x.com/tallyhq">X</a> <a href="https://www.linkedin.com/company/tallyhq">LinkedIn</a> <a href="https://github.com/tallyhq">GitHub</a> <a href="https://twitter.com/intent/tweet?text=hi">Share</a></p>
<p>© 2024 TallyHQ Ltd. All rights reserved.</p></footer>
</body></html>`;

  const about = `<!doctype html><html lang="en"><head><title>About us — TallyHQ</title></head><body>
<nav><a href="/">Home</a></nav>
<main><h1>About TallyHQ</h1>
<p>TallyHQ was founded in 2019 by Maya Lindqvist and Tom Okafor after a decade of chasing their own unpaid invoices as freelance designers.</p>
<p>Today TallyHQ is a team of twelve based in Edinburgh, Scotland, building the invoicing tool we always wanted.</p>
<h2>Our team</h2>
<div class="person"><h3>Maya Lindqvist</h3><p>Co-founder &amp; CEO</p><p>Maya ran a design studio for ten years before starting TallyHQ.</p></div>
<div class="person"><h3>Tom Okafor</h3><p>Co-founder &amp; CTO</p></div>
<div class="person"><h3>Lena Fischer</h3><p>Head of Support</p></div>
</main></body></html>`;

  const pricing = `<!doctype html><html lang="en"><head><title>Pricing — TallyHQ</title>
<meta name="description" content="Start free, upgrade when you grow."></head><body>
<main><h1>Simple pricing</h1>
<div class="plans">
<div class="plan"><h3>Starter</h3><p class="price">Free</p><ul><li>Up to 3 clients</li></ul></div>
<div class="plan"><h3>Pro</h3><p class="price">$12 per month</p><ul><li>Unlimited clients</li></ul></div>
<div class="plan"><h3>Studio</h3><p class="price">$29 per month</p><ul><li>Up to 5 team members</li></ul></div>
</div>
<p>All prices in USD. Cancel any time.</p></main></body></html>`;

  const faq = `<!doctype html><html lang="en"><head><title>FAQ — TallyHQ</title></head><body><main>
<h1>Frequently asked questions</h1>
<details><summary>Can I import invoices from another tool?</summary><p>Yes. TallyHQ imports CSV files from most invoicing tools.</p></details>
<details><summary>Is there a free plan?</summary><p>Yes, the Starter plan is free for up to 3 clients.</p></details>
<h3>Where is my data stored?</h3><p>All data is stored in data centres in Frankfurt, Germany.</p>
</main></body></html>`;

  const contact = `<!doctype html><html lang="en"><head><title>Contact — TallyHQ</title></head><body><main>
<h1>Contact</h1><p>Write to us at <a href="mailto:hello@tallyhq.example">hello@tallyhq.example</a> and we answer within a day.</p>
<address>TallyHQ Ltd, 12 Harbour Street, Edinburgh EH6 6QN, United Kingdom</address>
</main></body></html>`;

  return [
    pageFromHtml(`${ORIGIN}/`, home),
    pageFromHtml(`${ORIGIN}/about`, about),
    pageFromHtml(`${ORIGIN}/pricing`, pricing),
    pageFromHtml(`${ORIGIN}/faq`, faq),
    pageFromHtml(`${ORIGIN}/contact`, contact),
  ];
}

const DE = 'https://schichtwerk.example';

/** A German site: home, Über uns, Preise and Impressum, no JSON-LD. */
export function germanSite(): PageSnapshot[] {
  const home = `<!doctype html><html lang="de"><head>
<title>Schichtwerk – Dienstpläne für die Gastronomie</title>
<meta name="description" content="Schichtwerk plant Dienste, tauscht Schichten und erfasst Arbeitszeiten. Gemacht für Restaurants, Cafés und Hotels.">
<meta property="og:site_name" content="Schichtwerk">
</head><body>
<header><img src="/logo.svg" alt="Schichtwerk Logo"><nav><a href="/ueber-uns">Über uns</a> <a href="/preise">Preise</a> <a href="/impressum">Impressum</a></nav></header>
<main><h1>Dienstpläne in Minuten statt Stunden</h1>
<p>Schichtwerk plant Dienste, tauscht Schichten und erfasst Arbeitszeiten – direkt auf dem Smartphone Ihres Teams.</p>
<h2>Funktionen</h2><ul><li>Dienstplan per Drag &amp; Drop</li><li>Schichttausch mit einem Klick</li><li>Zeiterfassung mit GPS</li></ul>
<h2>Häufige Fragen</h2>
<h3>Kann ich Schichtwerk kostenlos testen?</h3><p>Ja, 30 Tage lang und ohne Kreditkarte.</p>
</main>
<footer><p>Kontakt: <a href="mailto:hallo@schichtwerk.example">hallo@schichtwerk.example</a></p><p>© 2021 Schichtwerk GmbH</p></footer>
</body></html>`;

  const about = `<!doctype html><html lang="de"><head><title>Über uns – Schichtwerk</title></head><body><main>
<h1>Über uns</h1>
<p>Schichtwerk wurde 2020 in Leipzig gegründet. Unsere Gründerin Anna Becker hat zwölf Jahre lang ein Restaurant geführt und kennt das Chaos der Dienstplanung aus erster Hand.</p>
<p>Heute helfen wir über 800 Betrieben in Deutschland, Österreich und der Schweiz, ihre Teams fair und planbar einzusetzen.</p>
</main></body></html>`;

  const preise = `<!doctype html><html lang="de"><head><title>Preise – Schichtwerk</title></head><body><main>
<h1>Preise</h1>
<div class="plan"><h3>Basis</h3><p>3 € pro Mitarbeiter im Monat</p></div>
<div class="plan"><h3>Plus</h3><p>5 € pro Mitarbeiter im Monat</p></div>
<p>Alle Preise zzgl. MwSt. Monatlich kündbar.</p>
</main></body></html>`;

  const impressum = `<!doctype html><html lang="de"><head><title>Impressum – Schichtwerk</title></head><body><main>
<h1>Impressum</h1>
<p>Schichtwerk GmbH</p><p>Karl-Liebknecht-Straße 12</p><p>04107 Leipzig</p><p>Deutschland</p>
<p>Vertreten durch die Geschäftsführerin Anna Becker</p>
<p>E-Mail: hallo@schichtwerk.example</p>
</main></body></html>`;

  return [
    pageFromHtml(`${DE}/`, home),
    pageFromHtml(`${DE}/ueber-uns`, about),
    pageFromHtml(`${DE}/preise`, preise),
    pageFromHtml(`${DE}/impressum`, impressum),
  ];
}

/** One page that states almost nothing: a copyright year, euro prices and a customer's praise. */
export function sparseSite(): PageSnapshot[] {
  const html = `<!doctype html><html lang="en"><head><title>Acme</title></head><body>
<main><h1>Acme</h1>
<p>Plans from €9 per month.</p>
<p>“Great tool!” — Jane Doe, CEO of Foo</p>
</main>
<footer><p>© 2019 Acme</p></footer></body></html>`;
  return [pageFromHtml('https://acme.example/', html)];
}
