import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataDirFailure, DataDirError } from './data-dir-errors.ts';

// PGlite's file system errors carry Emscripten's errno numbers (e.g. 51 for a full disk, seen
// when a 2 MB tmpfs filled up during the first start); Node's carry codes.
const emscripten = (errno: number) => Object.assign(new Error(), { name: 'ErrnoError', errno });
const node = (code: string) => Object.assign(new Error(`${code}: something`), { code });

test('file system failures while opening the data directory become one line for the operator', () => {
  const cases: [unknown, RegExp][] = [
    [emscripten(51), /^cannot use the data directory \/srv\/data: no space left on the device \(ENOSPC\); free some space and start again, or set DATABASE_URL to use PostgreSQL$/],
    [node('ENOSPC'), /no space left on the device \(ENOSPC\)/],
    [emscripten(19), /the disk quota is used up \(EDQUOT\)/],
    [emscripten(2), /permission denied \(EACCES\) \(the service runs as uid \d+\); give the service's user write access/],
    [node('EACCES'), /permission denied \(EACCES\)/],
    [node('EROFS'), /the file system is read-only \(EROFS\); set DATA_DIR to a writable directory/],
    [emscripten(69), /read-only \(EROFS\)/],
    [node('ENOTDIR'), /part of the path is a file, not a directory \(ENOTDIR\)/],
  ];
  for (const [err, line] of cases) {
    const failure = dataDirFailure('/srv/data', err);
    assert.ok(failure instanceof DataDirError);
    assert.match(failure.message, line);
    assert.equal(failure.message.split('\n').length, 1);
  }
});

test('anything else is not a data directory failure', () => {
  assert.equal(dataDirFailure('/srv/data', new Error('syntax error at or near "x"')), undefined);
  assert.equal(dataDirFailure('/srv/data', emscripten(9999)), undefined);
  assert.equal(dataDirFailure('/srv/data', node('ECONNREFUSED')), undefined);
  assert.equal(dataDirFailure('/srv/data', undefined), undefined);
});
