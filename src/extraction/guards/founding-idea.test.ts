import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeForMatch } from '../quote-match.ts';
import { foundingIdeaAt, speaksInFirstPerson } from './founding-idea.ts';

// Where the idea of founding the business came from, in the languages drafting reads; the
// business is "Acme" (comparison key "acme").
const own = ['acme'];
const cases: Array<[string, boolean]> = [
  ['That is where the idea to start Acme came from.', true],
  ['The idea for founding Acme came to me on a train.', true],
  ['Daraus entstand die Idee zur Gründung der Acme GmbH.', true],
  ["C'est ainsi qu'est née l'idée de la création de Acme.", true],
  ['Así nació la idea de fundar Acme.', true],
  ['Tästä lähtikin idea Acmen perustamiselle.', true],
  ['Tak narodził się pomysł założenia Acme.', true],
  ['Так появилась идея создания Acme.', true],
  ['Zo ontstond het idee voor de oprichting van Acme.', true],
  ['Acmeの創業のアイデアはここから生まれました。', true],
  // no idea word: a letter since the founding
  ['Since the founding of Acme in 1990 I have led the company.', false],
  // the idea is another business's
  ['I had the idea to start a bakery of my own.', false],
  // no founding word: a customer's praise
  ['I love the idea behind Acme.', false],
  // the idea and the founding in different sentences
  ['It was my idea. We started Acme later.', false],
];

for (const [text, expected] of cases) {
  test(`founding idea: ${expected ? 'read' : 'not read'} in "${text}"`, () => {
    assert.equal(foundingIdeaAt(normalizeForMatch(text), own) !== -1, expected);
  });
}

test('first person: "I", "olen", "minulla", "jestem" are; Czech "je", "ja", Swedish "som", minutes and the EU are not', () => {
  for (const text of ['I baked bread.', 'Olen koko ikäni halunnut auttaa.', 'Minulla on sisko.', 'Jestem piekarzem.', 'Ich backe Brot.', '私はパンを焼きます。']) {
    assert.equal(speaksInFirstPerson(normalizeForMatch(text)), true, text);
  }
  for (const text of ['Firma je v Brně.', 'Ja, das stimmt.', 'Brödet som bakas.', 'Za 30 minut.', 'Based in the EU.', 'The company bakes bread.']) {
    assert.equal(speaksInFirstPerson(normalizeForMatch(text)), false, text);
  }
});
