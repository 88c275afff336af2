import { matchKey } from '../quote-match.ts';
import { FIRST_PERSON_FOUNDER } from '../vocabulary.ts';

/**
 * "Tästä lähtikin idea Famulan perustamiselle." ("That is where the idea of founding Famula came
 * from"), "Daraus entstand die Idee zur Gründung von Acme", "the idea to start Acme": a sentence
 * that says where the idea of founding this business came from. Said in the first person and
 * signed with a name, it is the founder's own story, and the signature names the founder
 * (builtin/founders.ts reads it, guards/founders.ts accepts it, by these same functions on
 * normalised text). Any one of the three alone is not enough: "since the founding of Acme" in a
 * managing director's signed letter is not a founding story, and "I love the idea behind Acme"
 * has no founding word.
 */

/** "Idea" in the twenty languages drafting reads (in Japanese, Korean and Chinese without word edges). */
const IDEA = /(?<![\p{L}])(?:idea|ideia|idee|idée|ideen|idén|idé|ide|pomysł|pomysłu|nápad|myšlenka|myšlenky|fikir|fikri|идея|идеи|ідея|ідеї)(?![\p{L}])|アイデア|発想|아이디어|想法|主意|点子/u;

/**
 * Founding words, as nouns (stems that take a case ending: Finnish "perustamiselle", Polish
 * "założenia") and as the infinitive an idea is "to" (en "to start", fi "perustaa"). Turkish is
 * left out: "kuruluş" is as often "organisation".
 */
const FOUNDING = new RegExp(
  '(?<![\\p{L}])(?:' +
    [
      'founding', 'establishment', 'found', 'start', 'starting', 'launch', 'launching', 'create', 'creating',
      'gründung', 'gründen', 'fondation', 'fonder', 'création', 'créer', 'lancer', 'fundación', 'fundar', 'creación', 'crear',
      'fundação', 'criação', 'criar', 'fondazione', 'fondare', 'creazione', 'creare', 'oprichting', 'oprichten', 'starten',
      'założeni', 'założyć', 'stworzeni', 'založení', 'založenie', 'založit', 'založiť', 'grundande', 'grunda', 'starta',
      'grundlæggelse', 'grundlægge', 'stiftelse', 'starte', 'grunnleggelse', 'grunnlegge', 'etablering', 'perustami', 'perustaa',
      'основани', 'основать', 'создани', 'создать', 'заснуванн', 'заснувати', 'створенн', 'створити',
    ].join('|') +
    ')\\p{L}{0,6}|創業|設立|起業|창업|설립|创立|創立|创办|創辦|创建|創建',
  'gu',
);

/** How far the business's name may stand from the founding word ("Gründung der Acme", "Famulan perustamiselle"). */
const NAME_REACH = 30;
/** A case ending on the name ("Famula" → "Famulan") is at most this long. */
const ENDING = 4;

/**
 * Where a sentence of `norm` (normalised text) tells where the idea of founding the business came
 * from: an idea word, then a founding word with one of the business's names (comparison keys)
 * right before or after it, in one sentence. Returns the index of the idea word, or -1.
 */
export function foundingIdeaAt(norm: string, ownNames: readonly string[]): number {
  const names = ownNames.filter((n) => n.length >= 3);
  if (!names.length) return -1;
  for (const sentence of sentences(norm)) {
    const idea = IDEA.exec(sentence.text);
    if (!idea) continue;
    // Before or after the idea: "the idea to start Acme", "Acmeの創業のアイデア".
    FOUNDING.lastIndex = 0;
    for (let m = FOUNDING.exec(sentence.text); m; m = FOUNDING.exec(sentence.text)) {
      const before = sentence.text.slice(Math.max(0, m.index - NAME_REACH), m.index);
      const after = sentence.text.slice(m.index + m[0].length, m.index + m[0].length + NAME_REACH);
      if (namesBusiness(before, names, 'before') || namesBusiness(after, names, 'after')) return sentence.start + idea.index;
    }
  }
  return -1;
}

/** One of the names stands in `window` as a word of its own (a case ending allowed), or anywhere in text without spaces. */
function namesBusiness(window: string, names: readonly string[], side: 'before' | 'after'): boolean {
  const words = window.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  // The name is the word next to the founding word or one of the two before / after it ("Gründung der Acme GmbH").
  const near = side === 'before' ? words.slice(-3) : words.slice(0, 4);
  for (let i = 0; i < near.length; i++) {
    for (let j = i + 1; j <= Math.min(near.length, i + 3); j++) {
      const key = matchKey(near.slice(i, j).join(''));
      if (names.some((n) => key.startsWith(n) && key.length - n.length <= ENDING)) return true;
    }
  }
  const compact = matchKey(window);
  return /[\p{Script=Han}\p{Script=Hangul}\p{Script=Katakana}\p{Script=Hiragana}]/u.test(window) && names.some((n) => compact.includes(n));
}

function* sentences(norm: string): Generator<{ start: number; text: string }> {
  let start = 0;
  for (const m of norm.matchAll(/[.!?。！？](?:\s|$)/gu)) {
    yield { start, text: norm.slice(start, m.index + 1) };
    start = m.index + m[0].length;
  }
  if (start < norm.length) yield { start, text: norm.slice(start) };
}

/** "I", "my", "olen", "jestem" …: a text that speaks in the first person singular. */
const FIRST_PERSON = new RegExp(
  '(?<![\\p{L}])(?:' +
    [
      // Not the words that are also common words elsewhere: "ja" is
      // "yes", Czech "je" is "is", Swedish "som" is "that", Italian "ma" is "but", Spanish "mes" is "month", "min" and
      // Czech "minut" are minutes, "io" is a domain, "eu" the Union. English "i" is kept though it is Polish and Czech
      // "and": the idea, the founding of this business and the signature carry the weight.
      'i', "i'm", 'my', 'me', 'ich', 'mein', 'meine', 'meinen', 'meiner', 'mir', 'mich', "j'ai", 'je suis', 'je me', 'je ne', 'mon', 'moi',
      'yo', 'mi', 'mis', 'meu', 'minha', 'mio', 'mia', 'ik', 'mijn', 'mój', 'moja', 'mnie', 'jestem',
      'já', 'můj', 'moje', 'jsem', 'môj', 'jag', 'mitt', 'mig', 'jeg', 'meg', 'minä', 'minun', 'minulla', 'minua',
      'olen', 'я', 'мой', 'моя', 'меня', 'мне', 'мій', 'мене', 'мені',
    ].join('|') +
    ')(?![\\p{L}])|私|僕|저는|제가|나는|我',
  'u',
);

/** Whether normalised text says "I" (or "my", "olen" …) anywhere. */
export function speaksInFirstPerson(norm: string): boolean {
  return FIRST_PERSON.test(norm);
}

/**
 * Whether normalised text is a founder's own words: "I founded …", or, said in the first person,
 * where the idea of founding the business came from. What a signed letter's quote must state, to
 * the extractor and the verifier alike.
 */
export function statesFounding(norm: string, ownNames: readonly string[]): boolean {
  return FIRST_PERSON_FOUNDER.test(norm) || (foundingIdeaAt(norm, ownNames) !== -1 && speaksInFirstPerson(norm));
}
