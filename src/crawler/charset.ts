/**
 * Bytes → text the way a browser picks the encoding: a byte order mark, then the Content-Type
 * charset, then a <meta charset> / http-equiv / XML declaration in the first 1024 bytes, then
 * UTF-8. Labels are WHATWG encoding labels (iso-8859-1 means windows-1252, as in browsers).
 */
export function decodeBody(bytes: Uint8Array, contentType: string): string {
  const label = bomEncoding(bytes) ?? headerCharset(contentType) ?? prescanCharset(bytes) ?? 'utf-8';
  return decoderFor(label).decode(bytes);
}

function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label);
  } catch {
    // An unknown label: UTF-8 is the web's default.
    return new TextDecoder('utf-8');
  }
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

function headerCharset(contentType: string): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match ? match[1].toLowerCase() : null;
}

function prescanCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  // A tag is read up to the next '<' or '>', so no stretch is read again from a later '<meta'; the
  // spaces around a quote have one reading.
  const match =
    /<meta[^<>]+charset\s*=\s*(?:["']\s*)?([\w.:-]+)/i.exec(head) ?? /<\?xml[^<>]+encoding\s*=\s*["']([\w.:-]+)/i.exec(head);
  if (!match) return null;
  const label = match[1].toLowerCase();
  // Bytes that could be scanned as ASCII are not UTF-16, whatever the tag says (the HTML rule).
  return label.startsWith('utf-16') ? 'utf-8' : label;
}
