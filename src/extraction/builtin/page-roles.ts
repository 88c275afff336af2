import { slug } from '../../crawler/page-picker.ts';
import type { PageSnapshot } from '../../crawler/types.ts';

/** What a page is for, judged from its path (in the languages the crawler looks for too). */
export type PageRole = 'home' | 'about' | 'team' | 'pricing' | 'features' | 'faq' | 'contact' | 'legal' | 'other';

/**
 * Per role, three lists. The first is looked for anywhere in the decoded path as written: the words
 * kept from before the twenty languages were filled in, and the words of scripts without a slug form
 * (Cyrillic, Japanese, Korean, Chinese). The second holds the page picker's words of the twenty
 * languages, looked for in the path as slugs ('/Über-mich.html' is read as '/uber-mich', '/zespół' as
 * '/zespol'), each standing whole between '/' and '-': 'sss' is a Turkish FAQ, '/systemd' is not. The
 * third holds words that count only as a whole path segment ('/empresa', not '/software-para-tu-empresa').
 * A catalogue (/products, /produkte, /製品) or a page of solutions (/solutions, /lösungen) is picked
 * as a features page but not read as one: its section headings describe the products or the cases,
 * they do not list what the product does.
 */
const ROLES: Array<[PageRole, RegExp, RegExp, RegExp?]> = [
  [
    'pricing',
    /pricing|price|plans|preise|tarif|prix|precios|prezzi|preços|precos|kosten|ceny|stoimost|ryokin|ryoukin|тариф|цены|стоимость|料金|価格|ціни|вартість|прайс|요금|가격|价格|價格|定价|定價|收费|收費/,
    /(?:^|[/-])(?:pricing|prices?|plans|preise|tarifs?|tarife|tarify|prix|precios|prezzi|precos|kosten|ceny|stoimost|ryokin|ryoukin|pricelist|rates|fees|preis|preisliste|preisubersicht|preisuebersicht|pakete|precio|planes|preco|precario|planos|prezzo|listino|abbonamenti|abonnements?|abonnementen|abonnemang|prijzen|prijs|prijslijst|tarieven|tarief|pakketten|cennik|cenik|pakiety|priser|pris|prislista|prisliste|prisoversikt|hinnat|hinnasto|hinta|hinnoittelu|fiyatlar|fiyat|fiyatlandirma|ucretler|paketler|tseny|tsiny|vartist|kakaku|yogeum|gagyeok|jiage)(?![a-z0-9])/,
  ],
  [
    'faq',
    /faq|fragen|questions|preguntas|domande|vragen|вопрос|чаво|питання|質問|자주 묻는|자주-묻는|자주묻는|묻고|常见问题|常見問題|问答|問答/,
    /(?:^|[/-])(?:faqs?|fragen|questions|preguntas|domande|vragen|q-a|q-and-a|qanda|qna|dudas-frecuentes|perguntas|duvidas|pytania|dotazy|otazky|fragor|sporgsmal|spoergsmaal|sporsmal|spoersmaal|ukk|kysymykset|usein-kysyttya|sss|sorular|merak-edilenler|voprosy|vopros-otvet|chavo|pytannia|pytannya|shitsumon|changjian-wenti|changjianwenti)(?![a-z0-9])/,
  ],
  [
    'legal',
    /imprint|impressum|legal|mentions-legales|aviso-legal|note-legali|colofon|terms|privacy|datenschutz|реквизиты|реквізити|конфиденциальн|конфіденційн|соглашение|оферта|特定商取引|利用規約|プライバシー|개인정보|이용약관|隐私|隱私|条款|條款/,
    /(?:^|[/-])(?:imprint|impressum|legal|mentions-legales|aviso-legal|note-legali|colofon|terms|privacy|datenschutz|site-notice|nota-prawna|informacje-prawne|pravni-informace|pravne-informacie|kunye|rekvizity|tokushoho|tokutei|tos|disclaimer|agb|nutzungsbedingungen|cgu|cgv|confidentialite|conditions-generales|privacidad|privacidade|terminos|termos|condiciones|termini|condizioni|voorwaarden|privacybeleid|privacyverklaring|regulamin|polityka-prywatnosci|prywatnosc|obchodni-podminky|podminky|ochrana-osobnich-udaju|obchodne-podmienky|podmienky|ochrana-osobnych-udajov|villkor|integritetspolicy|anvandarvillkor|vilkar|handelsbetingelser|privatlivspolitik|persondatapolitik|betingelser|personvern|personvernerklaering|salgsbetingelser|kayttoehdot|tietosuoja|tietosuojaseloste|toimitusehdot|gizlilik|kullanim-kosullari|kvkk|konfidentsialnost|politika-konfidentsialnosti|soglashenie|umovy|kiyaku|riyokiyaku|yakgwan|yinsi|tiaokuan)(?![a-z0-9])/,
  ],
  [
    'contact',
    /contact|kontakt|contacto|contatti|contato|контакт|связ|зв'яз|зв’яз|звʼяз|問い合わせ|問合せ|問合わせ|連絡先|문의|연락처|오시는|联系|聯絡|聯繫|联络/,
    /(?:^|[/-])(?:contact|kontakt|contacto|contatti|contato|get-in-touch|inquiry|contatto|contattaci|fale-conosco|yhteystiedot|ota-yhteytta|iletisim|bize-ulasin|otoiawase|toiawase|lianxi|lianxiwomen)(?![a-z0-9])/,
  ],
  [
    'team',
    /team|founders|gruender|gründer|equipe|équipe|equipo|команда|основател|засновник|チーム|スタッフ|팀소개|팀-소개|우리-팀|团队|團隊|创始人|創辦人/,
    /(?:^|[/-])(?:team|founders?|gruender|equipe|equipo|staff|leadership|grunder|mitarbeiter|mannschaft|fondateurs?|fundadores|fundador|equipa|nosso-time|squadra|fondatori|fondatore|medewerkers|oprichters|zespol|zalozyciele|nas-tym|zakladatele|nas-tim|zakladatelia|medarbetare|grundare|medarbejdere|grundlaeggere|ansatte|grunnleggere|tiimi|henkilosto|perustajat|ekibimiz|takimimiz|kurucular|kadromuz|komanda|osnovateli|sotrudniki|zasnovnyky|tuandui)(?![a-z0-9])/,
    /(?:^|\/)(?:tym|tim|ekip|takim|팀)(?:$|\/)/,
  ],
  [
    'about',
    /about|ueber-uns|uber-uns|über-uns|a-propos|qui-sommes|sobre|chi-siamo|company|unternehmen|story|mission|over-ons|o-nas|o-kompanii|kaisha|gaiyou|о-нас|о-компании|会社概要|企業情報|о-себе|обо-мне|про-мене|про-компан|会社案内|会社情報|私たちについて|運営会社|회사소개|회사-소개|기업소개|인사말|关于我|關於我|公司简介|公司簡介|公司介绍|公司介紹|наша-история|наша-історія|私たちの物語|ストーリー|沿革|스토리|연혁|我们的故事|我們的故事|品牌故事|发展历程|發展歷程/,
    /(?:^|[/-])(?:about|ueber-uns|uber-uns|a-propos|qui-sommes-nous|sobre|chi-siamo|company|unternehmen|over-ons|o-nas|o-kompanii|kaisha|gaiyou|aboutus|our-history|who-we-are|ueber-mich|uber-mich|wer-wir-sind|das-sind-wir|qui-suis-je|notre-histoire|quienes-somos|nosotros|quien-soy|acerca-de|conocenos|nuestra-historia|quem-somos|quem-sou|institucional|nossa-historia|chi-sono|su-di-noi|nostra-storia|over-mij|wie-zijn-wij|wie-wij-zijn|ons-verhaal|o-mnie|o-firmie|kim-jestesmy|o-mne|o-firme|o-spolecnosti|kdo-jsme|o-spolocnosti|kto-sme|om-oss|om-mig|vilka-vi-ar|foretaget|om-os|hvem-er-vi|virksomheden|om-meg|bedriften|selskapet|meista|minusta|yrityksesta|hakkimizda|hakkinda|hakkimda|biz-kimiz|o-sebe|pro-nas|pro-mene|pro-kompaniiu|pro-kompaniyu|ceo-greeting|aisatsu|sogae|guanyu|guanyuwomen|unsere-geschichte|geschichte|histoire|historia|storia|verhaal|onze-geschiedenis|geschiedenis|nasza-historia|nas-pribeh|pribeh|historie|var-historia|historik|vores-historie|var-historie|historikk|tarina|tarinamme|meidan-tarina|hikayemiz|hikaye|tarihce|tarihcemiz|nasha-istoriya|istoriya|nasha-istoriia|istoriia|enkaku|yeonhyeok|licheng)(?![a-z0-9])/,
    /(?:^|\/)(?:firma|entreprise|empresa|azienda|over|bedrijf|spolecnost|spolocnost|yritys|kurumsal|kompaniya|profile|intro|greeting|компания|компанія|会社|소개|关于|關於)(?:$|\/)/,
  ],
  [
    'features',
    /features|funktionen|leistungen|fonctionnalit|prestations|caracter[ií]sticas|funcionalidades|funzionalit|functies|services?|servicios|servicos|servizi|uslugi|vozmozhnosti|how-it-works|возможности|услуги|機能|サービス|можливост|послуги|функци|функці|特徴|事業内容|기능|서비스|사업분야|功能|服务|服務/,
    /(?:^|[/-])(?:features?|funktionen|leistungen|fonctionnalites|prestations|caracteristicas|funcionalidades|funzionalita|functies|services?|servicios|servicos|servizi|uslugi|vozmozhnosti|how-it-works|what-we-do|capabilities|offerings|funktionsumfang|angebot|merkmale|so-funktioniert|so-funktionierts|wie-es-funktioniert|caracteristiques|comment-ca-marche|funciones|como-funciona|recursos|funcoes|funzioni|caratteristiche|come-funziona|diensten|hoe-het-werkt|mogelijkheden|kenmerken|funkcje|funkcjonalnosci|jak-to-dziala|mozliwosci|funkce|sluzby|jak-to-funguje|vlastnosti|funkcie|ako-to-funguje|funktioner|tjanster|sa-fungerar-det|ydelser|sadan-virker-det|saadan-virker-det|funksjoner|tjenester|slik-fungerer-det|ominaisuudet|palvelut|palvelumme|nain-se-toimii|ozellikler|hizmetler|hizmetlerimiz|nasil-calisir|funktsii|kak-eto-rabotaet|poslugy|mozhlyvosti|kinou|tokucho|tokuchou|gongneng|fuwu)(?![a-z0-9])/,
    /(?:^|\/)(?:oferta|nabidka|ponuka)(?:$|\/)/,
  ],
];

export function pageRole(page: PageSnapshot): PageRole {
  let path: string;
  try {
    path = decodeURIComponent(new URL(page.finalUrl).pathname).toLowerCase();
  } catch {
    return 'other';
  }
  if (path === '/' || path === '') return 'home';
  // Segments as the picker reads them: a page extension is not a word, and a segment in another script
  // is kept as written for the lists in that script.
  const segments = path.split('/').map((s) => s.replace(/\.(html?|php|aspx?)$/, ''));
  const slugged = segments.map(slug).join('/');
  const whole = segments.map((s) => slug(s) || s).join('/');
  const found = ROLES.find(([, written, words, names]) => written.test(path) || words.test(slugged) || names?.test(whole));
  if (found) return found[0];
  // After the roles: Danish "about us" (/om-os) is written like a locale (/pt-br).
  return /^\/(?:index\.html?|[a-z]{2}(?:-[a-z]{2})?\/?)$/.test(path) ? 'home' : 'other';
}

/**
 * Pages whose amounts are not the product's price: giving (a donation, a sponsorship, "support
 * us"), careers (salaries) and a blog or news post (what other products cost). Such a page states
 * nothing about how the product is paid, so it is never read as a pricing page, though it may show
 * prices. The first list as slugs standing whole between '/' and '-'; the second only as a whole
 * segment, as each is short and read inside other slugs too (French '/don', Czech '/dar', Finnish
 * '/ura', Swedish '/jobb'); the third in the scripts without a slug form, anywhere in the path.
 * Left out: words for an article, which name a shop's items too (German "Artikel", Spanish
 * "artículos"), and "join us", often a membership page whose fee is the association's own price.
 * "support" alone is left out: a help desk's page, not giving.
 */
const NOT_THE_PRODUCTS_PRICES: [RegExp, RegExp, RegExp] = [
  /(?:^|[/-])(?:donate|donations?|donating|donors?|giving|support-us|sponsors?|sponsoring|sponsorship|fundraising|spenden?|spendenkonto|unterstuetzen|unterstutzen|foerdern|fordern|faire-un-don|dons|soutenir|soutenez-nous|donar|donaciones|donativos?|doar|doacoes|doacao|apoie|donazioni?|sostienici|sostieni|doneren|doneer|donatie|donaties|steun-ons|darowizn[aey]|wesprzyj|wspieraj|darujte|darovat|podporte-nas|podporit|prispevky|donera|gava|gavor|stod-oss|stott-oss|stot-os|stoet-os|lahjoita|lahjoitus|lahjoitukset|tue-meita|bagis|bagis-yap|destek-ol|pozhertvovaniya?|podderzhat|pozhertvy|pidtrymaty|kifu|careers?|jobs?|vacancies|vacancy|hiring|join-our-team|work-with-us|karriere|stellen|stellenangebote|jobangebote|carrieres?|recrutement|emplois?|nous-rejoindre|empleos?|trabaja-con-nosotros|ofertas-de-empleo|carreiras?|vagas|trabalhe-conosco|lavora-con-noi|carriere|offerte-di-lavoro|posizioni-aperte|werken-bij|vacatures?|kariera|oferty-pracy|praca|volna-mista|volne-pozice|volne-miesta|jobba-hos-oss|lediga-tjanster|karriar|ledige-stillinger|stillinger|avoimet-tyopaikat|rekry|rekrytointi|tyopaikat|kariyer|is-ilanlari|insan-kaynaklari|vakansii|karera|vakansiyi|saiyo|recruit|blog|blogs|news|posts?|press|aktuelles|neuigkeiten|nachrichten|actualites?|noticias|novedades|notizie|nieuws|aktualnosci|wiadomosci|aktuality|novinky|nyheter|nyheder|uutiset|ajankohtaista|blogi|haberler|novosti|novyny|oshirase)(?![a-z0-9])/,
  /(?:^|\/)(?:don|dar|ura|jobb)(?:$|\/)/,
  /寄付|寄附|募金|採用|求人|ブログ|ニュース|お知らせ|기부|후원|채용|블로그|뉴스|소식|捐款|捐赠|捐贈|赞助|贊助|招聘|博客|新闻|新聞|пожертв|вакансі|вакансии|карьер|кар'єр|кар’єр|блог|новост|новин/,
];

/** The page gives (donations), hires (salaries) or reports (a blog or news post): its amounts are not the product's price. */
export function showsOthersPrices(page: PageSnapshot): boolean {
  let path: string;
  try {
    path = decodeURIComponent(new URL(page.finalUrl).pathname).toLowerCase();
  } catch {
    return false;
  }
  const segments = path.split('/').map((s) => s.replace(/\.(html?|php|aspx?)$/, ''));
  const [words, names, written] = NOT_THE_PRODUCTS_PRICES;
  return words.test(segments.map(slug).join('/')) || names.test(segments.map((s) => slug(s) || s).join('/')) || written.test(path);
}
