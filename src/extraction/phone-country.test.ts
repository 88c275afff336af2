import { test } from 'node:test';
import assert from 'node:assert/strict';
import { internationalNumbers, phoneCountry } from './phone-country.ts';

// A "+NN" number names the country its calling code is assigned to; shared codes only where the
// numbering plan tells the countries apart; counts, prices and joined numbers are not numbers.
const cases: Array<[string, string | null]> = [
  ['Telefon: +420 705 903 725', 'CZ'],
  ['+7(911)860-36-78', 'RU'],
  ['+7 727 123 45 67', 'KZ'],
  ['+7 940 123 45 67', null],
  ['Tel. +44 (0)20 7946 0000', 'GB'],
  ['+44 1534 123456', null],
  ['(+43) 660 677 9083', 'AT'],
  ['+81 70-9310-1362', 'JP'],
  ['+351 912 345 678', 'PT'],
  ['+1 (855) 474 8474', null],
  ['+25 000 happy customers', null],
  // The code alone cannot tell a count from a line: places.ts reads only numbers the site gives as its own.
  ['+250 000 000 downloads', 'RW'],
  ['Price +49,99 €', null],
  ['A+420705903725', null],
  ['+49 89 1234567 / +43 1 234 5678', null],
  ['+49 89 1234567 / +49 170 1234567', 'DE'],
];
for (const [text, country] of cases) {
  test(`phone country: ${text}`, () => assert.equal(phoneCountry(text), country));
}

test('the number is quoted as the text writes it, from its "+" to its last digit', () => {
  assert.deepEqual(internationalNumbers('Ring us on +420 705 903 725.'), [{ text: '+420 705 903 725', country: 'CZ' }]);
});

test('a number under a shared code is still a number, of no one country', () => {
  assert.deepEqual(internationalNumbers('+1 (855) 474 8474 or +44 20 7946 0000'), [
    { text: '+1 (855) 474 8474', country: null },
    { text: '+44 20 7946 0000', country: 'GB' },
  ]);
});
