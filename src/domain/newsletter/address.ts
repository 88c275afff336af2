import { domainToASCII, domainToUnicode } from 'node:url';
import { DomainError } from '../errors.ts';

/** RFC 5321's limit on a whole address (a path of 256 octets minus the angle brackets). */
export const ADDRESS_MAX = 254;
const LOCAL_MAX = 64;
const LABEL_MAX = 63;

// RFC 5322's atext: what an unquoted local part is made of (quoted local parts are refused: no
// mail provider hands them out, and they are how odd bytes reach a mail's headers).
const LOCAL_CHARS = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const LABEL_CHARS = /^[a-z0-9-]+$/;
const DIGITS = /^[0-9]+$/;

const refused = (code: string, message: string) => new DomainError('invalid', code, message, [{ field: 'email', message }]);

/**
 * A typed address as it is stored: trimmed and lower-cased, or a refusal that says what is wrong.
 * A line break anywhere is refused before trimming, since a CR/LF is how a header is smuggled into
 * a mail ("a@example.com\r\nBcc: …"); no character-class regex meets more than one part at a time,
 * so the check is linear whatever is sent.
 */
export function readAddress(raw: string): string {
  if (raw.includes('\r') || raw.includes('\n')) throw refused('address_line_break', 'An e-mail address cannot contain a line break.');
  const address = raw.trim();
  if (!address) throw refused('address_missing', 'Enter your e-mail address.');
  if (address.length > ADDRESS_MAX) throw refused('address_too_long', `An e-mail address has at most ${ADDRESS_MAX} characters; this one has ${address.length}.`);
  const malformed = refused('address_malformed', 'Enter an e-mail address like name@example.com (letters a–z, digits and . - _ + only).');
  const at = address.indexOf('@');
  if (at < 1 || at !== address.lastIndexOf('@')) throw malformed;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1).toLowerCase();
  if (local.length > LOCAL_MAX || !LOCAL_CHARS.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) throw malformed;
  const labels = domain.split('.');
  if (labels.length < 2 || DIGITS.test(labels[labels.length - 1]) || labels[labels.length - 1].length < 2) throw malformed;
  for (const label of labels) {
    if (!label || label.length > LABEL_MAX || !LABEL_CHARS.test(label) || label.startsWith('-') || label.endsWith('-')) throw malformed;
  }
  // An internationalised label (xn--…) must be punycode that decodes and encodes back: one that does
  // not (xn--bcher-kvaexample) names no domain, so no mail could reach it.
  // (WHATWG's domainToUnicode leaves a label it cannot decode as it is, or gives '' for the whole domain.)
  const decodes = (label: string) => {
    const text = domainToUnicode(label);
    return text !== '' && !text.startsWith('xn--') && domainToASCII(text) === label;
  };
  if (labels.some((label) => label.startsWith('xn--') && !decodes(label))) {
    throw refused('address_domain_invalid', `The part after @ (${domain}) is not a valid internationalised domain name: check it for a typing mistake.`);
  }
  return `${local.toLowerCase()}@${domain}`;
}
