import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';

// USPs written as a "why <name>" section on a page the roles do not name, as a hero line of
// claims set apart by middle dots, and as a row of key figures, each on a loopback site of its own.
const extractor = createBuiltinExtractor();
const doc = (lang: string, body: string, title = 'Product') => `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><main>${body}</main></body></html>`;

async function usps(pages: Record<string, string>) {
  const snapshots = Object.entries(pages).map(([path, html]) => pageFromHtml(`https://product.test${path}`, html));
  return verifyExtraction(await extractor.extract({ pages: snapshots, categoryNames: [] }), snapshots).fields.usps.value;
}

const cases: Array<{ name: string; pages: Record<string, string>; expect: string[] | null }> = [
  {
    name: '"Por qué <name>." closed by a full stop, the name also in the page title',
    pages: {
      '/': doc('es', '<h1>Tecnología para empresas</h1><p>Software y redes.</p>', 'Inicio · Redhilo'),
      '/nosotros': doc('es', '<h1>Nosotros</h1><h2>Por qué Redhilo.</h2><div class="grid"><div><h3>Un solo contacto</h3><p>Todo con un interlocutor.</p></div><div><h3>Sin letra pequeña</h3><p>Precios claros.</p></div><div><h3>Datos en casa</h3><p>Servidores propios.</p></div></div>', 'Nosotros · Redhilo'),
    },
    expect: ['Un solo contacto', 'Sin letra pequeña', 'Datos en casa'],
  },
  {
    name: 'a "why" heading on such a page that names something else than the site is a how-to',
    pages: {
      '/': doc('en', '<h1>Backups</h1><p>Backups for small offices.</p>', 'Home · Vaultly'),
      '/docs': doc('en', '<h1>Docs</h1><h2>Why restores fail.</h2><ul><li>The disk is full</li><li>The key has expired</li><li>The network is down</li></ul>', 'Docs · Vaultly'),
    },
    expect: null,
  },
  {
    name: 'a hero line of claims set apart by middle dots',
    pages: { '/': doc('fr', '<section class="hero"><h1>La caisse de votre boutique.</h1><p>Ventes, stock et clients au même endroit.</p><p class="note">Sans installation · Sur tout téléphone · Prête en un jour</p></section>') },
    expect: ['Sans installation', 'Sur tout téléphone', 'Prête en un jour'],
  },
  {
    name: 'a row of key figures written as "24/7", "360°", "< 2 min" and "3 apps"',
    pages: {
      '/': doc(
        'en',
        '<h1>Point of sale</h1><div class="stats">' +
          '<div><div>24/7</div><div>Support line</div></div><div><div>360°</div><div>View of your stock</div></div>' +
          '<div><div>&lt; 2 min</div><div>To set up a till</div></div><div><div>3 apps</div><div>One login for all</div></div></div>',
      ),
    },
    expect: ['24/7 Support line', '360° View of your stock', '< 2 min To set up a till', '3 apps One login for all'],
  },
];

for (const c of cases) {
  test(`usps: ${c.name}`, async () => {
    assert.deepEqual(await usps(c.pages), c.expect);
  });
}
