import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Coding = 'br' | 'gzip';

/**
 * The compression a browser asked for (Accept-Encoding), Brotli first. A coding listed with q=0
 * is refused, as RFC 9110 says; anything else listed is acceptable.
 */
export function preferredCoding(header: string | string[] | undefined): Coding | undefined {
  const accepted = new Set<string>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.split(' ').join('').toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q !== undefined && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

/** A page compressed once (it is then kept with the page): a quick Brotli level, gzip's default. */
export function compress(body: Buffer, coding: Coding): Buffer {
  return coding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipSync(body);
}
