import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PageSnapshot } from '../../crawler/types.ts';
import { pageFromHtml } from '../page-fixture.ts';
import { aboutPages } from './about-pages.ts';
import { pageRole, showsOthersPrices, type PageRole } from './page-roles.ts';
import { readSite } from './site.ts';

const role = (path: string): PageRole => pageRole({ finalUrl: `https://acme.test${encodeURI(path)}` } as PageSnapshot);

/** For each language, a path of each role as sites of that language write it (diacritics as some sites keep them). */
const BY_LANGUAGE: Record<string, Partial<Record<Exclude<PageRole, 'home' | 'other'>, string[]>>> = {
  en: { pricing: ['/rates', '/fees'], about: ['/who-we-are', '/our-history'], features: ['/what-we-do', '/capabilities'], faq: ['/q-and-a'], team: ['/staff', '/leadership'], contact: ['/get-in-touch'], legal: ['/site-notice', '/disclaimer'] },
  de: { pricing: ['/preisliste', '/pakete'], about: ['/über-mich', '/wer-wir-sind'], features: ['/so-funktionierts', '/dienstleistungen'], faq: ['/häufige-fragen'], team: ['/mitarbeiter'], contact: ['/kontakt'], legal: ['/agb', '/nutzungsbedingungen'] },
  fr: { pricing: ['/tarification'], about: ['/qui-suis-je', '/notre-histoire', '/entreprise'], features: ['/comment-ca-marche', '/caractéristiques'], faq: ['/foire-aux-questions'], team: ['/fondateurs'], contact: ['/contactez-nous'], legal: ['/cgv', '/confidentialité'] },
  es: { pricing: ['/planes', '/tarifas'], about: ['/quiénes-somos', '/empresa'], features: ['/como-funciona', '/servicios'], faq: ['/dudas-frecuentes'], team: ['/equipo'], contact: ['/contacto'], legal: ['/privacidad', '/condiciones'] },
  pt: { pricing: ['/planos', '/preçário'], about: ['/quem-somos', '/institucional'], features: ['/serviços', '/funcionalidades'], faq: ['/dúvidas', '/perguntas'], team: ['/equipa', '/nosso-time'], contact: ['/fale-conosco', '/contactos'], legal: ['/termos-de-uso', '/privacidade'] },
  it: { pricing: ['/listino-prezzi', '/abbonamenti'], about: ['/chi-sono', '/azienda'], features: ['/come-funziona', '/servizi'], faq: ['/domande-frequenti'], team: ['/squadra', '/fondatori'], contact: ['/contattaci'], legal: ['/condizioni'] },
  nl: { pricing: ['/tarieven', '/prijzen'], about: ['/wie-zijn-wij', '/over'], features: ['/hoe-het-werkt', '/diensten'], faq: ['/veelgestelde-vragen'], team: ['/ons-team', '/medewerkers'], contact: ['/contact'], legal: ['/algemene-voorwaarden', '/privacyverklaring'] },
  pl: { pricing: ['/cennik'], about: ['/o-mnie', '/kim-jesteśmy'], features: ['/usługi', '/jak-to-działa', '/oferta'], faq: ['/najczęściej-zadawane-pytania'], team: ['/zespół', '/nasz-zespol'], contact: ['/kontakt'], legal: ['/regulamin', '/polityka-prywatności'] },
  cs: { pricing: ['/ceník'], about: ['/o-nás', '/kdo-jsme'], features: ['/služby', '/jak-to-funguje'], faq: ['/časté-dotazy'], team: ['/tým', '/náš-tým'], contact: ['/kontakty'], legal: ['/obchodní-podmínky'] },
  sk: { pricing: ['/cenník'], about: ['/o-nás', '/kto-sme'], features: ['/služby', '/funkcie'], faq: ['/časté-otázky'], team: ['/tím'], contact: ['/kontakt'], legal: ['/ochrana-osobných-údajov'] },
  sv: { pricing: ['/priser', '/prislista'], about: ['/om-oss', '/om-mig'], features: ['/tjänster', '/så-fungerar-det'], faq: ['/vanliga-frågor'], team: ['/medarbetare'], contact: ['/kontakta-oss'], legal: ['/integritetspolicy', '/villkor'] },
  da: { pricing: ['/priser'], about: ['/om-os', '/hvem-er-vi'], features: ['/ydelser', '/sådan-virker-det'], faq: ['/ofte-stillede-spørgsmål', '/ofte-stillede-spoergsmaal'], team: ['/medarbejdere'], contact: ['/kontakt'], legal: ['/handelsbetingelser', '/vilkår'] },
  nb: { pricing: ['/priser'], about: ['/om-meg', '/om-oss'], features: ['/tjenester', '/slik-fungerer-det'], faq: ['/ofte-stilte-spørsmål'], team: ['/ansatte'], contact: ['/kontakt-oss'], legal: ['/personvern'] },
  fi: { pricing: ['/hinnat', '/hinnasto'], about: ['/tietoa-meistä', '/yritys'], features: ['/palvelut', '/ominaisuudet'], faq: ['/ukk', '/usein-kysytyt-kysymykset'], team: ['/tiimi'], contact: ['/yhteystiedot', '/ota-yhteyttä'], legal: ['/tietosuojaseloste', '/käyttöehdot'] },
  tr: { pricing: ['/fiyatlar', '/fiyatlandırma'], about: ['/hakkımızda', '/kurumsal'], features: ['/özellikler', '/hizmetlerimiz'], faq: ['/sss', '/sıkça-sorulan-sorular'], team: ['/ekibimiz', '/ekip'], contact: ['/iletişim', '/bize-ulaşın'], legal: ['/kvkk', '/gizlilik-politikası', '/künye'] },
  ru: { pricing: ['/tseny', '/цены'], about: ['/o-kompanii', '/о-нас'], features: ['/uslugi', '/услуги'], faq: ['/voprosy', '/вопрос-ответ'], team: ['/komanda', '/команда'], contact: ['/kontakty', '/контакты'], legal: ['/rekvizity', '/политика-конфиденциальности'] },
  uk: { pricing: ['/tsiny', '/ціни'], about: ['/pro-nas', '/про-нас'], features: ['/poslugy', '/послуги'], faq: ['/pytannia', '/часті-питання'], team: ['/komanda', '/команда'], contact: ['/kontakty', '/контакти'], legal: ['/umovy', '/реквізити'] },
  ja: { pricing: ['/ryokin', '/料金'], about: ['/kaisha', '/会社案内'], features: ['/kinou', '/機能'], faq: ['/shitsumon', '/よくある質問'], team: ['/staff', '/スタッフ'], contact: ['/otoiawase', '/お問い合わせ'], legal: ['/tokushoho', '/利用規約'] },
  ko: { pricing: ['/yogeum', '/요금'], about: ['/company/greeting', '/회사소개', '/소개'], features: ['/기능', '/서비스'], faq: ['/qna', '/자주-묻는-질문'], team: ['/팀', '/팀-소개'], contact: ['/inquiry', '/문의'], legal: ['/yakgwan', '/개인정보처리방침'] },
  zh: { pricing: ['/jiage', '/价格', '/價格'], about: ['/guanyu', '/关于我们', '/關於我們'], features: ['/gongneng', '/功能', '/服務'], faq: ['/changjian-wenti', '/常见问题', '/常見問題'], team: ['/tuandui', '/团队', '/團隊'], contact: ['/lianxi', '/联系我们', '/聯絡我們'], legal: ['/yinsi', '/隐私政策', '/隱私權政策'] },
};

for (const [language, roles] of Object.entries(BY_LANGUAGE)) {
  test(`${language}: each role's page is known by its path`, () => {
    for (const [expected, paths] of Object.entries(roles)) for (const path of paths) assert.equal(role(path), expected, path);
  });
}

test('"our story" and the business\'s story are about pages in the twenty languages ("/famulan-tarina": Famula\'s story)', () => {
  const paths = [
    '/our-story', '/unsere-geschichte', '/histoire', '/nuestra-historia', '/nossa-história', '/la-nostra-storia', '/ons-verhaal',
    '/nasza-historia', '/náš-příběh', '/náš-príbeh', '/vår-historia', '/vores-historie', '/vår-historie', '/famulan-tarina',
    '/tarinamme', '/hikayemiz', '/tarihçe', '/nasha-istoriya', '/наша-история', '/наша-історія', '/沿革', '/스토리', '/品牌故事',
  ];
  for (const path of paths) assert.equal(role(path), 'about', path);
  // whole words only: a story word inside a longer one is not
  for (const path of ['/prehistoric-tools', '/tarinat-ja-runot', '/storialab']) assert.equal(role(path), 'other', path);
});

test('a page extension, a locale prefix and a folder do not hide the word', () => {
  assert.equal(role('/de/ueber-mich.html'), 'about');
  assert.equal(role('/tr/sss.php'), 'faq');
  assert.equal(role('/kurumsal/iletisim'), 'contact');
  assert.equal(role('/sk/tim/'), 'team');
});

test('short words count only as whole words of the path, some only as a whole segment', () => {
  assert.equal(role('/systemd'), 'other');
  assert.equal(role('/classes'), 'other');
  assert.equal(role('/tymczasowe'), 'other');
  assert.equal(role('/timeline'), 'other');
  assert.equal(role('/photos'), 'other');
  assert.equal(role('/pristine'), 'other');
  assert.equal(role('/overview'), 'other');
  assert.equal(role('/game-over'), 'other');
  assert.equal(role('/software-para-tu-empresa'), 'other');
  assert.equal(role('/greeting-cards'), 'other');
  assert.equal(role('/oferta-specjalna'), 'other');
  assert.equal(role('/스팀세차'), 'other');
});

test('a catalogue or a page of solutions is not read as a features page; the home page in any of its forms is home', () => {
  assert.equal(role('/products/widget'), 'other');
  assert.equal(role('/produkte'), 'other');
  assert.equal(role('/solutions/retail'), 'other');
  assert.equal(role('/lösungen'), 'other');
  assert.equal(role('/'), 'home');
  assert.equal(role('/index.html'), 'home');
  assert.equal(role('/pt-br/'), 'home');
});

test('a page whose path says nothing is about the business when its main heading says "About me" in its language', () => {
  const page = (path: string, h1: string) => pageFromHtml(`https://acme.test${path}`, `<html><body><h1>${h1}</h1><p>Text.</p></body></html>`);
  for (const h1 of ['About me', 'Über mich', 'Qui suis-je ?', 'Sobre mí', 'Chi sono', 'Over mij', 'O mnie', 'Kdo jsme', 'Om mig', 'Tietoa meistä', 'Hakkımızda', 'Обо мне', 'Про мене', '私について', '기업 소개', '关于我']) {
    const site = readSite([page('/', 'Home'), page('/p/7', h1)]);
    assert.deepEqual(aboutPages(site!).map((p) => p.url), ['https://acme.test/p/7'], h1);
  }
  const site = readSite([page('/', 'Home'), page('/p/7', 'About our pricing')]);
  assert.deepEqual(aboutPages(site!), []);
});

/** Audit round five: giving, careers and blog or news pages show amounts that are not the product's price. */
const OTHERS_PRICES: Record<string, string[]> = {
  en: ['/donate', '/support-us', '/sponsors', '/careers', '/jobs/designer', '/blog/mailchimp-pricing', '/news'],
  de: ['/spenden', '/karriere', '/stellenangebote', '/aktuelles', '/unterstützen'],
  fr: ['/faire-un-don', '/don', '/recrutement', '/actualités'],
  es: ['/donar', '/empleo', '/trabaja-con-nosotros', '/noticias'],
  pt: ['/doações', '/carreiras', '/trabalhe-conosco', '/notícias'],
  it: ['/donazioni', '/sostienici', '/lavora-con-noi', '/notizie'],
  nl: ['/doneren', '/vacatures', '/werken-bij', '/nieuws'],
  pl: ['/darowizny', '/wesprzyj', '/kariera', '/aktualności'],
  cs: ['/darujte', '/kariéra', '/volná-místa', '/novinky'],
  sk: ['/podporte-nás', '/kariéra', '/aktuality'],
  sv: ['/stöd-oss', '/lediga-tjänster', '/nyheter'],
  da: ['/støt-os', '/job', '/nyheder'],
  nb: ['/støtt-oss', '/ledige-stillinger', '/nyheter'],
  fi: ['/lahjoita', '/ura', '/avoimet-työpaikat', '/uutiset'],
  tr: ['/bağış', '/kariyer', '/haberler'],
  ru: ['/pozhertvovaniya', '/вакансии', '/новости'],
  uk: ['/pidtrymaty', '/вакансії', '/новини'],
  ja: ['/寄付', '/採用', '/お知らせ'],
  ko: ['/후원', '/채용', '/블로그'],
  zh: ['/捐款', '/招聘', '/新闻'],
};
const page = (path: string) => ({ finalUrl: `https://acme.test${encodeURI(path)}` }) as PageSnapshot;
for (const [language, paths] of Object.entries(OTHERS_PRICES)) {
  test(`${language}: a giving, careers or news page shows others' prices`, () => {
    for (const path of paths) assert.equal(showsOthersPrices(page(path)), true, path);
  });
}
test("a product's own pages, a shop's article and a help desk do not show others' prices", () => {
  for (const path of ['/', '/pricing', '/preise', '/artikel/123', '/support', '/mitglied-werden', '/dardo']) {
    assert.equal(showsOthersPrices(page(path)), false, path);
  }
});
