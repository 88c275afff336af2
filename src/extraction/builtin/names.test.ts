import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';

// The name and the tagline as sites write them: titles with page words, brands in the header,
// heroes without an h1, h1s that repeat the title.
const extractor = createBuiltinExtractor();
async function draft(html: string) {
  const pages = [pageFromHtml('https://site.test/', html)];
  return verifyExtraction(await extractor.extract({ pages, categoryNames: [] }), pages).fields;
}

const cases: Array<{ name: string; html: string; expectName: string | null; expectTagline?: string | null }> = [
  {
    name: 'a name the page also spells unspaced inside an e-mail address is quoted from the title that writes it',
    html: '<html><head><title>Blue Harbour Ltd - Home</title></head><body><main><p>Write to <a href="mailto:info@blueharbourltd.test">info@blueharbourltd.test</a> for a quote.</p></main></body></html>',
    expectName: 'Blue Harbour Ltd',
  },
  {
    name: 'a page word in the title is not the name',
    html: '<html><head><title>Accueil | scopyleft</title></head><body><main><p>Nous sommes un laboratoire.</p></main></body></html>',
    expectName: 'scopyleft',
  },
  {
    name: 'a descriptive title: the header brand is the name (its first line), the title the tagline',
    html: '<html><head><title>Английский язык в Калининграде</title></head><body><header><h1><a class="navbar-brand" href="index.html">ПРОФИ<br><span>8(911)860-36-78</span></a></h1><nav><a href="index.html">Главная</a></nav></header><main><p>Курсы английского языка для детей и взрослых в центре города.</p></main></body></html>',
    expectName: 'ПРОФИ',
    expectTagline: 'Английский язык в Калининграде',
  },
  {
    name: 'a hero without an h1: the line marked as the lead is the tagline',
    html: '<html><head><title>Micro - Home</title></head><body><div class="jumbotron"><p class="lead heading">micro</p><p class="lead">a modern and intuitive terminal-based text editor</p></div></body></html>',
    expectName: 'Micro',
    expectTagline: 'a modern and intuitive terminal-based text editor',
  },
  {
    name: 'an h1 that repeats the title in another order is not a tagline',
    html: '<html><head><title>Juego Enigma Barcelona | Escape Room Fun Nights</title></head><body><h1>Escape Room Fun Nights | Juego Enigma</h1><main><p>Short.</p></main></body></html>',
    expectName: 'Juego Enigma Barcelona',
    expectTagline: 'Escape Room Fun Nights',
  },
  {
    name: 'a main heading clipped to a pixel for screen readers is not the tagline: the hero\'s first visible line is',
    html: '<html><head><title>Lumo Lamps | Lamps</title></head><body><h1 style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)">Lamps in Lyon | Lumo Lamps</h1><header><nav><a href="/">Lumo Lamps</a></nav></header><main><div class="hero"><a href="/shop">SHOP</a><p>Handmade lamps from recycled glass</p><p>Every piece blown in our own workshop</p></div><h2>Collections</h2></main></body></html>',
    expectName: 'Lumo Lamps',
    expectTagline: 'Handmade lamps from recycled glass',
  },
  {
    name: 'an "sr-only" main heading is skipped the same way',
    html: '<html><head><title>Lumo Lamps</title></head><body><main><h1 class="sr-only">Lumo Lamps, lamps made in Lyon since 1990</h1><section><p>Light that lasts a lifetime</p></section></main></body></html>',
    expectName: 'Lumo Lamps',
    expectTagline: 'Light that lasts a lifetime',
  },
  {
    name: 'an h1 that is only the name (an intro overlay) is not the tagline: the hero heading after it is',
    html: '<html><head><title>Nordwind Trading</title></head><body><section id="intro"><h1>NORDWIND</h1></section><div id="site"><header><nav><a href="/">Home</a></nav></header><main class="hero"><span class="kicker">SINCE 2020</span><h1>Shipping made simple.</h1></main><h2>Services</h2></div></body></html>',
    expectName: 'Nordwind Trading',
    expectTagline: 'Shipping made simple.',
  },
  {
    name: 'after an h1 that is only the name, a caption paragraph further on is not the tagline',
    html: '<html><head><title>Casa Alta</title></head><body><header><nav><a href="/">Inicio</a></nav><h1>Casa Alta</h1></header><main><section><img src="logo.png" alt="Logo"><p>HECHO A MANO. MENDOZA.</p><h4>NOSOTROS</h4><p>Una casa familiar.</p></section></main></body></html>',
    expectName: 'Casa Alta',
    expectTagline: null,
  },
];
for (const c of cases) {
  test(`names: ${c.name}`, async () => {
    const f = await draft(c.html);
    assert.equal(f.name.value, c.expectName, JSON.stringify(f.name));
    if (c.expectTagline !== undefined) assert.equal(f.tagline.value, c.expectTagline, JSON.stringify(f.tagline));
  });
}
