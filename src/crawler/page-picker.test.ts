import { test } from 'node:test';
import assert from 'node:assert/strict';
import { candidatesFrom, pageKey, pickNext, siteKey } from './page-picker.ts';
import type { Candidate } from './page-picker.ts';
import type { PageLink } from './types.ts';

const site = new Set([siteKey(new URL('https://acme.test/'))]);
const a = (url: string, text = ''): PageLink => ({ url, text, kind: 'a' });

function order(links: PageLink[], n = 20): string[] {
  const pool = candidatesFrom(links, site);
  const topics = new Map<string, number>();
  const picked: string[] = [];
  for (let next: Candidate | null; picked.length < n && (next = pickNext(pool, topics)); ) {
    pool.splice(pool.indexOf(next), 1);
    if (next.topic) topics.set(next.topic, (topics.get(next.topic) ?? 0) + 1);
    picked.push(new URL(next.url).pathname);
  }
  return picked;
}

test('fact pages come first; blog posts, news, sign-in, careers and assets never', () => {
  const links = [
    a('https://acme.test/blog/how-we-price-things', 'How we price things'),
    a('https://acme.test/2025/10/about-our-journey', 'About our journey'),
    a('https://acme.test/news/pricing-update', 'Pricing update'),
    a('https://acme.test/login', 'Log in'),
    a('https://acme.test/careers', 'Careers'),
    a('https://acme.test/brochure.pdf', 'Brochure'),
    a('https://acme.test/integrations', 'Integrations'),
    a('https://acme.test/privacy', 'Privacy'),
    a('https://acme.test/contact', 'Contact'),
    a('https://acme.test/faq', 'FAQ'),
    a('https://acme.test/pricing', 'Pricing'),
    a('https://acme.test/about', 'About'),
    a('https://acme.test/features', 'Features'),
    a('https://acme.test/team', 'Team'),
    a('https://acme.test/imprint', 'Imprint'),
  ];
  assert.deepEqual(order(links), ['/pricing', '/about', '/features', '/faq', '/team', '/contact', '/imprint', '/privacy', '/integrations']);
});

test('non-English pages are recognised by path or by link text', () => {
  const links = [
    a('https://acme.test/de/karriere', 'Karriere'),
    a('https://acme.test/de/kontakt', 'Kontakt'),
    a('https://acme.test/de/ueber-uns', 'Über uns'),
    a('https://acme.test/de/preise', 'Preise'),
    a('https://acme.test/impressum', 'Impressum'),
    a('https://acme.test/fr/a-propos', 'À propos'),
    a('https://acme.test/fr/tarifs', 'Tarifs'),
    a('https://acme.test/es/precios', 'Precios'),
    a('https://acme.test/es/sobre-nosotros', 'Sobre nosotros'),
    a('https://acme.test/es/contacto', 'Contacto'),
    a('https://acme.test/p/17', 'Über uns'),
  ];
  const pool = candidatesFrom(links, site);
  const topic = (path: string) => pool.find((c) => new URL(c.url).pathname === path)?.topic;
  assert.equal(topic('/de/preise'), 'pricing');
  assert.equal(topic('/fr/tarifs'), 'pricing');
  assert.equal(topic('/es/precios'), 'pricing');
  assert.equal(topic('/de/ueber-uns'), 'about');
  assert.equal(topic('/fr/a-propos'), 'about');
  assert.equal(topic('/es/sobre-nosotros'), 'about');
  assert.equal(topic('/p/17'), 'about');
  assert.equal(topic('/de/kontakt'), 'contact');
  assert.equal(topic('/es/contacto'), 'contact');
  assert.equal(topic('/impressum'), 'imprint');
  assert.equal(topic('/de/karriere'), undefined);
});

test('only the same site: the www. variant counts, other hosts, subdomains and ports do not', () => {
  const links = [
    a('https://www.acme.test/pricing', 'Pricing'),
    a('http://acme.test/about', 'About'),
    a('https://docs.acme.test/faq', 'FAQ'),
    a('https://acme.test:8443/team', 'Team'),
    a('https://acme-partner.test/about', 'About'),
    { url: 'https://acme.test/features', text: 'Features', kind: 'img' as const },
  ];
  assert.deepEqual(
    candidatesFrom(links, site).map((c) => c.url),
    ['https://www.acme.test/pricing', 'http://acme.test/about'],
  );
});

test('a second page of one topic waits until other topics had their turn', () => {
  const links = [
    a('https://acme.test/pricing', 'Pricing'),
    a('https://acme.test/plans', 'Plans'),
    a('https://acme.test/contact', 'Contact'),
  ];
  assert.deepEqual(order(links), ['/pricing', '/contact', '/plans']);
});

test('page keys ignore fragments, trailing slashes and www.', () => {
  assert.equal(pageKey(new URL('https://www.acme.test/about/#team')), pageKey(new URL('https://acme.test/about')));
  assert.notEqual(pageKey(new URL('https://acme.test/about?lang=de')), pageKey(new URL('https://acme.test/about')));
});

test('Cyrillic and Japanese link texts name their topics; a static site’s /pages/ folder is not a level', () => {
  const picked = order([
    a('https://acme.test/p1', 'Тарифы'),
    a('https://acme.test/p2', '会社概要'),
    a('https://acme.test/pages/smashroom.html', 'Smash room'),
    a('https://acme.test/deep/er/page', 'Deep'),
  ]);
  assert.deepEqual(picked.slice(0, 2), ['/p1', '/p2']);
  assert.ok(picked.includes('/pages/smashroom.html'));
  assert.ok(!picked.includes('/deep/er/page'));
});

test('a page in a named folder (/services/web-design, /prestations/facilitation) has the folder\'s topic, after the folder\'s own page; an unnamed folder\'s pages none', () => {
  const links = [
    a('https://acme.test/prestations/facilitation/', 'facilitation'),
    a('https://acme.test/stories/our-first-client', 'Our first client'),
    a('https://acme.test/services', 'Services'),
    a('https://acme.test/about', 'About'),
  ];
  assert.deepEqual(order(links), ['/about', '/services', '/prestations/facilitation/']);
  const [candidate] = candidatesFrom([a('https://acme.test/solutions/retail', 'Retail')], site);
  assert.equal(candidate.topic, 'features');
});

/** For each language, a page of each topic as sites of that language name it: [path, link text]. */
const BY_LANGUAGE: Record<string, Partial<Record<'pricing' | 'about' | 'features' | 'faq' | 'team' | 'contact' | 'imprint' | 'terms', [string, string]>>> = {
  en: { pricing: ['/rates', 'Rates'], about: ['/who-we-are', 'Who we are'], features: ['/what-we-do', 'What we do'], faq: ['/q-and-a', 'Q&A'], team: ['/meet-the-team', 'Meet the team'], contact: ['/get-in-touch', 'Get in touch'], imprint: ['/site-notice', 'Site notice'], terms: ['/disclaimer', 'Disclaimer'] },
  de: { pricing: ['/preisliste', 'Preisliste'], about: ['/ueber-mich', 'Über mich'], features: ['/so-funktionierts', 'So funktioniert’s'], faq: ['/fragen-und-antworten', 'Fragen & Antworten'], team: ['/mitarbeiter', 'Mitarbeiter'], contact: ['/kontaktformular', 'Kontakt'], imprint: ['/impressum', 'Impressum'], terms: ['/datenschutzerklaerung', 'Datenschutzerklärung'] },
  fr: { pricing: ['/nos-tarifs', 'Nos tarifs'], about: ['/qui-suis-je', 'Qui suis-je ?'], features: ['/comment-ca-marche', 'Comment ça marche'], faq: ['/foire-aux-questions', 'Foire aux questions'], team: ['/notre-equipe', 'Notre équipe'], contact: ['/contactez-nous', 'Contactez-nous'], imprint: ['/mentions-legales', 'Mentions légales'], terms: ['/conditions-generales', 'Conditions générales'] },
  es: { pricing: ['/tarifas', 'Tarifas'], about: ['/sobre-mi', 'Sobre mí'], features: ['/como-funciona', 'Cómo funciona'], faq: ['/preguntas-frecuentes', 'Preguntas frecuentes'], team: ['/nuestro-equipo', 'Nuestro equipo'], contact: ['/contactanos', 'Contáctanos'], imprint: ['/aviso-legal', 'Aviso legal'], terms: ['/terminos-y-condiciones', 'Términos y condiciones'] },
  'pt-BR': { pricing: ['/planos', 'Planos'], about: ['/institucional', 'Institucional'], features: ['/funcionalidades', 'Funcionalidades'], faq: ['/duvidas', 'Dúvidas'], team: ['/nosso-time', 'Nosso time'], contact: ['/fale-conosco', 'Fale conosco'], terms: ['/termos-de-uso', 'Termos de uso'] },
  'pt-PT': { pricing: ['/precario', 'Preçário'], about: ['/quem-somos', 'Quem somos'], features: ['/servicos', 'Serviços'], faq: ['/perguntas-frequentes', 'Perguntas frequentes'], team: ['/equipa', 'Equipa'], contact: ['/contactos', 'Contactos'], terms: ['/politica-de-privacidade', 'Política de privacidade'] },
  it: { pricing: ['/listino-prezzi', 'Listino prezzi'], about: ['/chi-sono', 'Chi sono'], features: ['/come-funziona', 'Come funziona'], faq: ['/domande-frequenti', 'Domande frequenti'], team: ['/il-team', 'Il team'], contact: ['/contattaci', 'Contattaci'], imprint: ['/note-legali', 'Note legali'], terms: ['/termini-e-condizioni', 'Termini e condizioni'] },
  nl: { pricing: ['/tarieven', 'Tarieven'], about: ['/wie-zijn-wij', 'Wie zijn wij'], features: ['/hoe-het-werkt', 'Hoe het werkt'], faq: ['/veelgestelde-vragen', 'Veelgestelde vragen'], team: ['/ons-team', 'Ons team'], contact: ['/contacteer-ons', 'Contacteer ons'], imprint: ['/colofon', 'Colofon'], terms: ['/algemene-voorwaarden', 'Algemene voorwaarden'] },
  pl: { pricing: ['/cennik', 'Cennik'], about: ['/o-mnie', 'O mnie'], features: ['/jak-to-dziala', 'Jak to działa'], faq: ['/czeste-pytania', 'Częste pytania'], team: ['/nasz-zespol', 'Nasz zespół'], contact: ['/kontakt', 'Kontakt'], imprint: ['/nota-prawna', 'Nota prawna'], terms: ['/regulamin', 'Regulamin'] },
  cs: { pricing: ['/cenik', 'Ceník'], about: ['/kdo-jsme', 'Kdo jsme'], features: ['/sluzby', 'Služby'], faq: ['/caste-dotazy', 'Časté dotazy'], team: ['/nas-tym', 'Náš tým'], contact: ['/kontakty', 'Kontakty'], terms: ['/obchodni-podminky', 'Obchodní podmínky'] },
  sk: { pricing: ['/cennik', 'Cenník'], about: ['/o-nas', 'O nás'], features: ['/riesenia', 'Riešenia'], faq: ['/caste-otazky', 'Časté otázky'], team: ['/tim', 'Tím'], contact: ['/kontakt', 'Kontakt'], terms: ['/ochrana-osobnych-udajov', 'Ochrana osobných údajov'] },
  sv: { pricing: ['/priser', 'Priser'], about: ['/om-oss', 'Om oss'], features: ['/tjanster', 'Tjänster'], faq: ['/vanliga-fragor', 'Vanliga frågor'], team: ['/medarbetare', 'Medarbetare'], contact: ['/kontakta-oss', 'Kontakta oss'], terms: ['/integritetspolicy', 'Integritetspolicy'] },
  da: { pricing: ['/prisliste', 'Prisliste'], about: ['/om-os', 'Om os'], features: ['/ydelser', 'Ydelser'], faq: ['/ofte-stillede-spoergsmaal', 'Ofte stillede spørgsmål'], team: ['/medarbejdere', 'Medarbejdere'], contact: ['/kontakt-os', 'Kontakt os'], terms: ['/handelsbetingelser', 'Handelsbetingelser'] },
  nb: { pricing: ['/priser', 'Priser'], about: ['/om-meg', 'Om meg'], features: ['/tjenester', 'Tjenester'], faq: ['/ofte-stilte-sporsmal', 'Ofte stilte spørsmål'], team: ['/ansatte', 'Ansatte'], contact: ['/kontakt-oss', 'Kontakt oss'], terms: ['/personvern', 'Personvern'] },
  fi: { pricing: ['/hinnasto', 'Hinnasto'], about: ['/tietoa-meista', 'Tietoa meistä'], features: ['/palvelut', 'Palvelut'], faq: ['/ukk', 'UKK'], team: ['/tiimi', 'Tiimi'], contact: ['/yhteystiedot', 'Yhteystiedot'], terms: ['/tietosuojaseloste', 'Tietosuojaseloste'] },
  tr: { pricing: ['/fiyatlandirma', 'Fiyatlandırma'], about: ['/hakkimizda', 'Hakkımızda'], features: ['/ozellikler', 'Özellikler'], faq: ['/sss', 'SSS'], team: ['/ekibimiz', 'Ekibimiz'], contact: ['/iletisim', 'İletişim'], imprint: ['/kunye', 'Künye'], terms: ['/gizlilik-politikasi', 'Gizlilik politikası'] },
  ru: { pricing: ['/tseny', 'Цены'], about: ['/o-kompanii', 'О компании'], features: ['/uslugi', 'Услуги'], faq: ['/vopros-otvet', 'Вопрос-ответ'], team: ['/komanda', 'Команда'], contact: ['/kontakty', 'Контакты'], imprint: ['/rekvizity', 'Реквизиты'], terms: ['/politika-konfidentsialnosti', 'Политика конфиденциальности'] },
  uk: { pricing: ['/tsiny', 'Ціни'], about: ['/pro-nas', 'Про нас'], features: ['/poslugy', 'Послуги'], faq: ['/pytannia', 'Часті питання'], team: ['/komanda', 'Команда'], contact: ['/kontakty', 'Контакти'], terms: ['/umovy', 'Умови використання'] },
  ja: { pricing: ['/ryokin', '料金プラン'], about: ['/kaisha', '会社概要'], features: ['/kinou', '機能'], faq: ['/shitsumon', 'よくあるご質問'], team: ['/staff', 'スタッフ紹介'], contact: ['/otoiawase', 'お問い合わせ'], imprint: ['/tokushoho', '特定商取引法に基づく表記'], terms: ['/kiyaku', '利用規約'] },
  ko: { pricing: ['/yogeum', '요금제'], about: ['/company/intro', '회사소개'], features: ['/service', '서비스'], faq: ['/qna', '자주 묻는 질문'], team: ['/team', '팀'], contact: ['/inquiry', '문의하기'], imprint: ['/legal-notice', '사업자 정보'], terms: ['/yakgwan', '이용약관'] },
  'zh-Hans': { pricing: ['/jiage', '价格'], about: ['/guanyu', '关于我们'], features: ['/gongneng', '功能'], faq: ['/changjian-wenti', '常见问题'], team: ['/tuandui', '团队'], contact: ['/lianxi', '联系我们'], terms: ['/yinsi', '隐私政策'] },
  'zh-Hant': { pricing: ['/pricing', '價格'], about: ['/about', '關於我們'], features: ['/features', '服務'], faq: ['/faq', '常見問題'], team: ['/team', '團隊'], contact: ['/contact', '聯絡我們'], terms: ['/privacy', '隱私權政策'] },
};

for (const [language, topics] of Object.entries(BY_LANGUAGE)) {
  test(`${language}: each topic's page is picked with its topic, by its path and by its link text alone`, () => {
    for (const [topic, [path, text]] of Object.entries(topics)) {
      const [byPath] = candidatesFrom([a(`https://acme.test${path}`, '')], site);
      assert.equal(byPath?.topic, topic, `${path}`);
      // The same text on a link whose path says nothing (/p/7).
      const [byText] = candidatesFrom([a('https://acme.test/p/7', text)], site);
      assert.equal(byText?.topic, topic, `"${text}"`);
    }
  });
}

test('paths in a script without a slug form are read as their link texts would be', () => {
  const topic = (path: string) => candidatesFrom([a(`https://acme.test${encodeURI(path)}`, '')], site)[0]?.topic;
  assert.equal(topic('/회사소개'), 'about');
  assert.equal(topic('/контакты'), 'contact');
  assert.equal(topic('/よくある質問.html'), 'faq');
  assert.equal(topic('/소개'), 'about');
  assert.equal(topic('/제품-소개'), 'features');
});

test('letters without a decomposed form do not split a word: ł, ø, æ, ı', () => {
  const topic = (text: string) => candidatesFrom([a('https://acme.test/p/7', text)], site)[0]?.topic;
  assert.equal(topic('Zespół'), 'team');
  assert.equal(topic('Usługi'), 'features');
  assert.equal(topic('Spørgsmål og svar'), 'faq');
  assert.equal(topic('HAKKIMIZDA'), 'about');
  assert.equal(topic('Sıkça sorulan sorular'), 'faq');
});

test('words that name a topic only on their own, and words that are not topics', () => {
  const topic = (path: string, text = '') => candidatesFrom([a(`https://acme.test${path}`, text)], site)[0]?.topic;
  assert.equal(topic('/empresa'), 'about');
  assert.equal(topic('/software-para-tu-empresa'), '');
  assert.equal(topic('/over'), 'about');
  assert.equal(topic('/game-over'), '');
  assert.equal(topic('/greeting-cards'), '');
  assert.equal(topic('/oferta'), 'features');
  assert.equal(topic('/oferta-specjalna'), '');
  assert.equal(topic('/timeline'), '');
  assert.equal(topic('/systemd'), '');
  assert.equal(topic('/p/7', '제품 소개'), 'features');
  assert.equal(topic('/p/7', '스팀 세차'), undefined);
});

test('a link to a section of a page ("#business") is not named by its text', () => {
  const [candidate] = candidatesFrom([a('https://acme.test/ja/index.html#business', '事業内容')], site);
  assert.equal(candidate.topic, '');
  const [named] = candidatesFrom([a('https://acme.test/ja/index.html', '事業内容')], site);
  assert.equal(named.topic, 'features');
});
