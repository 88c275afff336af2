// The backup archive's container: POSIX ustar, written and read here so the file opens with any
// `tar` (an operator can look inside one without launchyard), and without a dependency for it.

const BLOCK = 512;
/** Octal in 11 digits holds sizes below 8 GiB; past that the size is written base-256 (GNU), as GNU and BSD tar read it. */
const OCTAL_SIZE_LIMIT = 8 ** 11;

export class TarFormatError extends Error {}

/** A member's path: at most 255 bytes (prefix + name); the writer's callers pass relative paths only. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  const bytes = Buffer.from(name, 'utf8');
  let prefix = Buffer.alloc(0);
  let base = bytes;
  if (bytes.length > 100) {
    // Split at a slash so the prefix (155) and the name (100) each fit.
    const slash = bytes.lastIndexOf(0x2f, 155);
    if (slash <= 0 || bytes.length - slash - 1 > 100) throw new TarFormatError(`member name too long for the archive: ${name}`);
    prefix = bytes.subarray(0, slash);
    base = bytes.subarray(slash + 1);
  }
  base.copy(header, 0);
  writeOctal(header, 100, 8, 0o600);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  if (size < OCTAL_SIZE_LIMIT) writeOctal(header, 124, 12, size);
  else {
    header[124] = 0x80;
    header.writeBigUInt64BE(BigInt(size), 128);
  }
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  header[156] = 0x30; // '0': a regular file
  header.write('ustar\u000000', 257, 'latin1');
  prefix.copy(header, 345);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 'latin1');
  return header;
}

/** Zeros that end a member's data on a block boundary. */
export const tarPadding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Two empty blocks: the end of the archive (a reader that never meets them knows the file was cut). */
export const tarEnd = (): Buffer => Buffer.alloc(BLOCK * 2);

function writeOctal(header: Buffer, offset: number, length: number, value: number) {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, 'latin1');
}

export interface TarEntry {
  name: string;
  size: number;
  /** The member's bytes; read them (or not) before asking for the next entry. */
  body(): AsyncGenerator<Buffer>;
}

/**
 * Reads a ustar stream member by member. Anything but regular files (directories, links, devices,
 * extended headers) and an archive without its end blocks are refused: a backup holds files only,
 * and a link could point a restore outside its directory.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source);
  for (;;) {
    const header = await reader.exactly(BLOCK, 'the file is cut short (it ends in the middle of a header)');
    if (header.every((b) => b === 0)) {
      await reader.exactly(BLOCK, 'the file is cut short (the archive ends without its end blocks)');
      return;
    }
    if (!isTarHeader(header)) throw new TarFormatError('a member header is damaged (its checksum does not match)');
    const type = header[156];
    if (type !== 0x30 && type !== 0) throw new TarFormatError(`the archive holds something other than a file (type ${String.fromCharCode(type)})`);
    const size = header[124] & 0x80 ? Number(header.readBigUInt64BE(128)) : parseOctal(header, 124, 12);
    const name = [cString(header, 345, 155), cString(header, 0, 100)].filter(Boolean).join('/');
    let consumed = false;
    const body = async function* () {
      if (consumed) throw new Error('a member body is read once');
      consumed = true;
      yield* reader.chunks(size, `the file is cut short (it ends in the middle of ${name})`);
      await reader.exactly(tarPadding(size).length, `the file is cut short (it ends in the middle of ${name})`);
    };
    yield { name, size, body };
    if (!consumed) for await (const _ of body());
  }
}

/** An octal field: digits, maybe led by spaces and ended by a NUL or spaces. */
/** Whether a block is a tar header (its checksum holds): what PGlite is given to unpack is checked with it first. */
export function isTarHeader(header: Uint8Array): boolean {
  if (header.length < BLOCK) return false;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  try {
    return parseOctal(Buffer.from(header.buffer, header.byteOffset, BLOCK), 148, 8) === sum;
  } catch {
    return false;
  }
}

function parseOctal(header: Buffer, offset: number, length: number): number {
  let value = 0;
  let digits = 0;
  let ended = false;
  for (let i = offset; i < offset + length; i++) {
    const byte = header[i];
    if (byte >= 0x30 && byte <= 0x37 && !ended) {
      value = value * 8 + (byte - 0x30);
      digits++;
    } else if (byte === 0x20 || byte === 0) {
      if (digits) ended = true;
    } else {
      digits = 0;
      break;
    }
  }
  if (!digits) throw new TarFormatError('a member header is damaged (not a number where one belongs)');
  return value;
}

function cString(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** Exact reads over a stream of chunks of any size. */
class ByteReader {
  private iterator: AsyncIterator<Buffer>;
  private pending: Buffer = Buffer.alloc(0);

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(truncated: string): Promise<void> {
    const next = await this.iterator.next();
    if (next.done) throw new TarFormatError(truncated);
    this.pending = this.pending.length ? Buffer.concat([this.pending, next.value]) : next.value;
  }

  async exactly(n: number, truncated: string): Promise<Buffer> {
    while (this.pending.length < n) await this.fill(truncated);
    const out = this.pending.subarray(0, n);
    this.pending = this.pending.subarray(n);
    return out;
  }

  async *chunks(n: number, truncated: string): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (!this.pending.length) await this.fill(truncated);
      const take = Math.min(left, this.pending.length);
      yield this.pending.subarray(0, take);
      this.pending = this.pending.subarray(take);
      left -= take;
    }
  }
}
