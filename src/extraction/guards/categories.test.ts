import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CitedQuote } from '../evidence-base.ts';
import { normalizeForMatch } from '../quote-match.ts';
import { kindIsCategory, quotesUseCategory, statedKinds, usesKeyword } from './categories.ts';
import { hasTimeOfDay, statesOpeningHours } from './opening-hours.ts';
import { applicationCategoryWords, typeWords } from './schema-kinds.ts';

const quote = (text: string) => ({ url: 'https://site.test/', quote: text, norm: normalizeForMatch(text) }) as CitedQuote;

test('a katakana keyword inside a longer katakana word is another word; next to kanji or punctuation it stands', () => {
  assert.equal(usesKeyword(normalizeForMatch('クロスドメイン専門知識'), 'ドメイン'), false, 'cross-domain is not a domain name');
  assert.equal(usesKeyword(normalizeForMatch('サービスプロセス'), 'サービス'), false);
  assert.equal(usesKeyword(normalizeForMatch('独自ドメインを取得'), 'ドメイン'), true);
  assert.equal(usesKeyword(normalizeForMatch('ドメイン・DNS'), 'ドメイン'), true, 'the middle dot separates words');
  assert.equal(usesKeyword(normalizeForMatch('日本電信電話株式会社'), '電話'), true, 'kanji compounds are left as they were');
});

test('a Latin keyword written straight against Japanese characters is a word of its own', () => {
  assert.equal(usesKeyword(normalizeForMatch('AIと技術の力で'), 'ai'), true);
  assert.equal(usesKeyword(normalizeForMatch('SNS運用代行'), 'sns'), true);
  assert.equal(usesKeyword(normalizeForMatch('AVISAILと技術'), 'ai'), false, 'still not inside a Latin word');
  assert.equal(usesKeyword(normalizeForMatch('maintain the rails'), 'ai'), false);
});

test('structured-data lines say what a business is; other lines and nested paths say nothing', () => {
  assert.deepEqual(statedKinds(['json-ld @type: Restaurant']), ['food', 'restaurant']);
  assert.deepEqual(statedKinds(['json-ld applicationCategory: GameApplication']), ['games']);
  assert.deepEqual(statedKinds(['json-ld applicationCategory: Finance']), ['finance'], 'a plain word is the site’s own');
  assert.deepEqual(statedKinds(['json-ld applicationCategory: BusinessApplication']), []);
  assert.deepEqual(statedKinds(['json-ld @type: Organization', 'json-ld @type: LocalBusiness', 'json-ld name: Restaurant']), []);
  assert.deepEqual(statedKinds(['Our restaurant @type: Restaurant']), [], 'only a stored JSON-LD line');
  assert.deepEqual(typeWords('https://schema.org/Hotel'), ['travel', 'hotels']);
  assert.deepEqual(applicationCategoryWords('SecurityApplication'), ['security', 'privacy']);
});

test('kind words match a category by its name or a keyword, word for word, never by a prefix', () => {
  assert.equal(kindIsCategory(['software'], 'Software', ['app']), true);
  assert.equal(kindIsCategory(['software'], 'Developer tools', ['software development', 'developer']), false);
  assert.equal(kindIsCategory(['services'], 'Local services', ['local business']), false);
  assert.equal(kindIsCategory(['local business'], 'Local services', ['local business']), true);
  assert.equal(kindIsCategory(['game'], 'Games'), true, 'either number of the name');
});

test('the verifier accepts a category from a structured-data line or stated opening hours, and only the category they say', () => {
  assert.equal(quotesUseCategory('Travel', [quote('json-ld @type: LodgingBusiness')], ['hotels']), true);
  assert.equal(quotesUseCategory('Games', [quote('json-ld @type: LodgingBusiness')], ['video game']), false);
  const hours = quote('Öffnungszeiten:\nMo - Mi 8:00 bis 18:00 Uhr');
  assert.equal(quotesUseCategory('Local services', [hours], ['local business', 'repair']), true);
  assert.equal(quotesUseCategory('Services', [hours], ['services', 'service provider']), false);
  assert.equal(quotesUseCategory('Local services', [quote('Öffnungszeiten auf Anfrage')], ['local business']), false, 'a label without a time states no hours');
});

test('opening hours: a label of a place open to visitors and a time of day, in several languages', () => {
  for (const text of ['Opening hours: Mon–Fri 9am – 5pm', 'Horaires d’ouverture : du lundi au vendredi 9h30 - 18h', 'Openingstijden ma t/m vr 08.30 - 17.00', 'Godziny otwarcia: pn-pt 8:00-16:00', 'Horário de funcionamento: seg a sex, 08:00 às 18:00', 'json-ld openingHours: Mo-Fr 09:00-18:00']) {
    assert.equal(statesOpeningHours(text), true, text);
  }
  for (const text of ['Business hours: 9:00-18:00', 'Support hours 9:00 to 17:00 CET', 'Opening hours vary', 'Version 12.990 released']) {
    assert.equal(statesOpeningHours(text), false, text);
  }
  for (const text of ['Aukioloajat: ma-pe 10:00-18:00', 'Otváracie hodiny: Po-Pi 9:00 - 17:00', 'Åbningstider: man-fre 10.00-17.30', '開館時間 9:30～17:00', '开放时间：9:00-18:00', 'Ziyaret saatleri: 10:00 - 18:00']) {
    assert.equal(statesOpeningHours(text), true, text);
  }
  // business hours, which offices and help desks state too
  for (const text of ['営業時間 9:00～18:00', '영업시간 09:00-18:00', 'Часы работы: 9:00-18:00', 'Çalışma saatleri: 09:00-18:00']) {
    assert.equal(statesOpeningHours(text), false, text);
  }
  assert.equal(hasTimeOfDay('ab 10時'), true);
  assert.equal(hasTimeOfDay('3.5 stars, 25:99, 1234.56'), false);
});
