import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeBody } from './charset.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))));

test('the encoding comes from the BOM, then the header, then a meta tag, else UTF-8', () => {
  const cases: [string, Uint8Array, string, string][] = [
    ['utf-8 by default', new Uint8Array(Buffer.from('<p>Größe €</p>', 'utf8')), 'text/html', '<p>Größe €</p>'],
    ['header charset', bytes('<p>Gr', [0xf6, 0xdf], 'e</p>'), 'text/html; charset=iso-8859-1', '<p>Größe</p>'],
    ['quoted header charset', bytes('<p>', [0x80], '</p>'), 'text/html; charset="windows-1252"', '<p>€</p>'],
    ['meta charset', bytes('<meta charset="windows-1252"><p>', [0x80], '</p>'), 'text/html', '<meta charset="windows-1252"><p>€</p>'],
    [
      'http-equiv',
      bytes('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><p>', [0xe9], '</p>'),
      'text/html',
      '<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><p>é</p>',
    ],
    ['header beats meta', new Uint8Array(Buffer.from('<meta charset="latin1"><p>é</p>', 'utf8')), 'text/html; charset=utf-8', '<meta charset="latin1"><p>é</p>'],
    ['BOM beats header', bytes([0xef, 0xbb, 0xbf], '<p>', [0xc3, 0xa9], '</p>'), 'text/html; charset=iso-8859-1', '<p>é</p>'],
    ['unknown label → utf-8', new Uint8Array(Buffer.from('<p>é</p>', 'utf8')), 'text/html; charset=klingon', '<p>é</p>'],
    ['meta utf-16 means utf-8', new Uint8Array(Buffer.from('<meta charset="utf-16"><p>é</p>', 'utf8')), 'text/html', '<meta charset="utf-16"><p>é</p>'],
  ];
  for (const [name, body, type, expected] of cases) assert.equal(decodeBody(body, type), expected, name);
});
