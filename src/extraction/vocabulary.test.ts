import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeForMatch } from './quote-match.ts';
import { holdsFounderWord } from './guards/language-titles.ts';
import {
  ABOUT_ME_HEADING, CONTRAST, COPYRIGHT, CRAFT, DENIAL, FAQ_HEADING, FIRST_PERSON_FOUNDER, FOUNDER_WORD, FOUNDING_WORDS, GUARANTEED,
  NEGATION_WORDS, SELF_INTRODUCTION_BEFORE_NAME, STANDING, TESTIMONIAL_HEADINGS, TRAVEL, TRUST, wordsSource,
} from './vocabulary.ts';

// The label words in the twenty languages sites are commonly written in, a line per language as a
// site writes it: each list must read its own language's words (tested in comparison form, as the
// extractor and the verifier read them), and not a look-alike word of another meaning.

const FOUNDING_WORD = new RegExp(wordsSource(FOUNDING_WORDS), 'u');
const NEGATIONS = new Set(NEGATION_WORDS);
const testimonialHeading = (text: string) => TESTIMONIAL_HEADINGS.some((t) => normalizeForMatch(text).includes(t));
/** The opening word of a "no …" clause, as usps.ts reads it. */
const opensNegation = (clause: string) => NEGATIONS.has(normalizeForMatch(clause).split(' ')[0]);

const readings: Array<{ list: string; reads: (text: string) => boolean; yes: Record<string, string>; no?: string[] }> = [
  {
    list: 'FAQ headings',
    reads: (t) => FAQ_HEADING.test(normalizeForMatch(t)),
    yes: {
      en: 'Frequently asked questions', de: 'Häufig gestellte Fragen', fr: 'Foire aux questions', es: 'Preguntas frecuentes',
      pt: 'Perguntas frequentes', it: 'Domande frequenti', nl: 'Veelgestelde vragen', pl: 'Najczęściej zadawane pytania',
      cs: 'Často kladené otázky', sk: 'Časté otázky', sv: 'Vanliga frågor', da: 'Ofte stillede spørgsmål', nb: 'Ofte stilte spørsmål',
      fi: 'Usein kysytyt kysymykset', ru: 'Часто задаваемые вопросы', uk: 'Поширені запитання', ja: 'よくあるご質問', ko: '자주 묻는 질문',
      zh: '常见问题', tr: 'Sıkça Sorulan Sorular',
    },
    // "sss" (Turkish, "SSS") only as a word
    no: ['Our mission', 'Klassstufe', 'Über uns'],
  },
  {
    list: 'Turkish FAQ headings in capitals and abbreviated',
    reads: (t) => FAQ_HEADING.test(normalizeForMatch(t)),
    yes: { 'tr capitals': 'SIKÇA SORULAN SORULAR', 'tr abbreviation': 'SSS', 'tr wondered': 'Merak Edilenler', 'fi abbreviation': 'UKK' },
  },
  {
    list: 'founder words',
    reads: (t) => FOUNDER_WORD.test(normalizeForMatch(t)),
    yes: {
      en: 'Jane Doe, Co-founder & CEO', de: 'Max Mustermann – Gründer', fr: 'Claire Martin, fondatrice', es: 'Ana López, cofundadora',
      pt: 'João Silva, sócio-gerente', it: 'Marco Rossi, fondatore', nl: 'Jan de Vries, zaakvoerder', pl: 'Jan Kowalski jest założycielem',
      cs: 'Petr Novák je zakladatelem', sk: 'Ján Novák, zakladateľ', sv: 'Anna Svensson, grundare', da: 'Jens Hansen, indehaver',
      nb: 'Ola Nordmann, grunnlegger', fi: 'Matti Virtanen, perustaja ja toimitusjohtaja', ru: 'Иван Петров является основателем',
      uk: 'Олена Шевченко, засновниця', ja: '代表取締役社長 山田太郎', ko: '홍길동 창업자', zh: '创始人 张伟', tr: 'Ayşe Yılmaz, Kurucu Ortak',
    },
    // "kurucu" only whole; a Polish privacy policy's "Prezes Urzędu" heads an authority, not the site
    no: ['Kurucumuzun vizyonu yok', 'skarga do Prezesa Urzędu Ochrony Danych Osobowych', '대표적인 사례', 'Directora de marketing'],
  },
  {
    list: 'Turkish owner written with a capital İ',
    reads: (t) => FOUNDER_WORD.test(normalizeForMatch(t)),
    yes: { tr: 'Mehmet Demir, İşletme Sahibi' },
  },
  {
    list: 'about-me headings',
    reads: (t) => ABOUT_ME_HEADING.test(normalizeForMatch(t)),
    yes: {
      it: 'Chi sono', sk: 'O mne', sv: 'Om mig', da: 'Om mig', nb: 'Om meg', fi: 'Tietoa minusta', uk: 'Про мене', tr: 'Hakkımda',
      ja: '自己紹介', ko: '자기소개', zh: '关于我',
    },
    no: ['Om oss', 'Hakkımızda', 'O nás'],
  },
  {
    list: 'self-introductions before a name',
    reads: (t) => SELF_INTRODUCTION_BEFORE_NAME.test(normalizeForMatch(t)),
    yes: { sv: 'Hej! Jag heter', da: 'Jeg hedder', nb: 'Jeg heter', fi: 'Hei, nimeni on', sk: 'Volám sa', uk: 'Мене звати', tr: 'Merhaba, benim adım', zh: '你好，我叫' },
  },
  {
    list: 'first-person founding',
    reads: (t) => FIRST_PERSON_FOUNDER.test(normalizeForMatch(t)),
    yes: { sv: 'Jag grundade företaget 2015', da: 'Jeg grundlagde firmaet', nb: 'Jeg grunnla firmaet', fi: 'Perustin yrityksen 2010', sk: 'Firmu som založil v roku 2012', uk: 'Я заснував студію', tr: 'Şirketin kurucusuyum', ko: '제가 창업한 회사', zh: '我创立了这家公司' },
  },
  {
    list: 'founding-year words',
    reads: (t) => FOUNDING_WORD.test(normalizeForMatch(t)),
    yes: {
      sv: 'Grundad 1998', da: 'Etableret i 2001', nb: 'Grunnlagt 1987', fi: 'Palvellut vuodesta 1995', pl: 'Na rynku od roku 2005',
      cs: 'Společnost založena 2003', ru: 'Компания основана в 2010 году', uk: 'Компанія заснована у 2012 році', tr: "2005'ten beri",
      ko: '2015년 설립', zh: '创建于2011年',
    },
    // a bare "od" ("from 400 Kč") and a Turkish "kuruluş" ("organisation") found nothing
    no: ['Ceny od 400 Kč', '500 kuruluş bize güveniyor'],
  },
  {
    list: 'copyright lines',
    reads: (t) => COPYRIGHT.test(normalizeForMatch(t)),
    yes: { pl: '2024 Firma. Wszelkie prawa zastrzeżone.', cs: 'Všechna práva vyhrazena', sv: 'Alla rättigheter förbehållna', fi: 'Kaikki oikeudet pidätetään', ru: 'Все права защищены', tr: 'Tüm hakları saklıdır', zh: '版权所有', ko: '모든 권리 보유' },
  },
  {
    list: 'testimonial headings',
    reads: testimonialHeading,
    yes: {
      pt: 'Depoimentos', it: 'Testimonianze', nl: 'Wat onze klanten zeggen', pl: 'Opinie klientów', cs: 'Co říkají naši klienti',
      sk: 'Čo hovoria naši zákazníci', sv: 'Vad våra kunder säger', da: 'Anmeldelser', nb: 'Hva kundene sier', fi: 'Asiakaskokemuksia',
      ru: 'Отзывы клиентов', uk: 'Відгуки', ja: 'お客様の声', ko: '고객 후기', zh: '客户评价', tr: 'Müşterilerimiz ne diyor?',
    },
    // "reference" alone is also documentation's
    no: ['API reference', 'Cookie preferences'],
  },
  {
    list: 'contrast words',
    reads: (t) => CONTRAST.test(normalizeForMatch(t)),
    yes: {
      it: 'Rispetto a un consulente tradizionale', pl: 'W przeciwieństwie do innych aplikacji', cs: 'Na rozdíl od konkurence',
      sk: 'Na rozdiel od bánk', sv: 'Till skillnad från andra', da: 'I modsætning til andre', nb: 'Raskere enn noen gang', fi: 'Toisin kuin muut',
      uk: 'На відміну від інших', tr: 'Diğer uygulamalara kıyasla', ko: '기존 방식에 비해', zh: '不同于传统方案', ja: '従来品とは異なり',
    },
    // "místo" is also "a place", a bare "jediné" also "a single one"
    no: ['Místo konání: Praha', 'Jediné kliknutí'],
  },
  {
    list: 'craft words',
    reads: (t) => CRAFT.test(normalizeForMatch(t)),
    yes: { pl: 'Ręcznie robione mydła', cs: 'Ručně vyrobené šperky', sv: 'Handgjorda ljus', da: 'Håndlavede smykker', nb: 'Håndlaget såpe', fi: 'Käsintehty saippua', uk: 'Мило ручної роботи', tr: 'El yapımı sabun', ko: '유기농 원료', zh: '纯手工制作' },
    no: ['수제비 맛집'],
  },
  {
    list: 'pioneer words',
    reads: (t) => STANDING.test(normalizeForMatch(t)),
    yes: { cs: 'Jsme průkopníkem v oboru', sv: 'En pionjär inom solenergi', fi: 'Alan edelläkävijä', tr: 'Sektörün öncüsü', ko: '업계의 선구자' },
  },
  {
    list: 'trust words',
    reads: (t) => TRUST.test(normalizeForMatch(t)),
    yes: { pl: 'Zaufali nam ponad 300 klientów', cs: 'Důvěřují nám stovky firem', sv: '500 företag litar på oss', fi: 'Yli 200 yritystä luottaa meihin', uk: 'Нам довіряють: 300 клієнтів', tr: '1000+ işletme bize güveniyor' },
  },
  {
    list: 'guarantee participles',
    reads: (t) => GUARANTEED.test(normalizeForMatch(t)),
    yes: { pl: 'Gwarantowana jakość', cs: 'Zaručená kvalita', sv: 'Nöjd kund garanterad', da: 'Tilfredshed garanteret', nb: 'Garantert levering', fi: 'Taattu laatu', uk: 'Якість гарантована', tr: 'Garantili hizmet' },
  },
  {
    list: 'denials',
    reads: (t) => DENIAL.test(normalizeForMatch(t)),
    yes: { pl: 'Nie gwarantujemy', sv: 'Inte garanterad', da: 'Ikke garanteret', fi: 'Ei taattu', tr: 'Garantili değil', zh: '没有保证' },
    no: ['Garantili hizmet', '保证未来的增长'],
  },
  {
    list: 'travel words',
    reads: (t) => TRAVEL.test(normalizeForMatch(t)),
    yes: { pl: '5 minut pieszo od dworca', cs: '10 minut pěšky', sv: '5 minuter till fots', da: '10 min. i bil', fi: '5 min kävellen', uk: '5 хвилин пішки', tr: 'Metroya 5 dakika yürüme mesafesi', ko: '역에서 도보 5분' },
  },
  {
    list: 'opening words of a "no …" clause',
    reads: opensNegation,
    yes: { sv: 'Inga bindningstider', da: 'Ingen binding', nb: 'Ingen skjulte kostnader', fi: 'Ei mainoksia', sk: 'Žiadne poplatky', uk: 'Жодних комісій', ru: 'Ни рекламы', it: 'Niente costi nascosti', tr: 'Sıfır komisyon' },
  },
];

for (const r of readings) {
  for (const [lang, text] of Object.entries(r.yes)) {
    test(`${r.list}: ${lang} "${text}"`, () => assert.equal(r.reads(text), true));
  }
  for (const text of r.no ?? []) {
    test(`${r.list}: not "${text}"`, () => assert.equal(r.reads(text), false));
  }
}

test('founder words of one language only: the Danish and Norwegian "stifter", never a German one', () => {
  assert.equal(holdsFounderWord(normalizeForMatch('Lars Jensen, stifter'), ['da']), true);
  assert.equal(holdsFounderWord(normalizeForMatch('Kari Nordmann, stifter og daglig leder'), ['nb-NO']), true);
  assert.equal(holdsFounderWord(normalizeForMatch('Hans Müller, Stifter des Fensters'), ['de']), false);
});
