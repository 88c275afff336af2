/**
 * One subscriber's copy of an edition. The edition's HTML and text hold the literal placeholder
 * {{unsubscribe_url}} (the builder keeps outside text from ever forming it: mail-markup.ts); each
 * copy gets the subscriber's own one-click link there, HTML-escaped in the HTML part. The parts are
 * split once per run, so a copy is a join, not a search through 30 kB of HTML per subscriber.
 */
export const UNSUBSCRIBE_PLACEHOLDER = '{{unsubscribe_url}}';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeAttribute = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c]);

export interface EditionCopy {
  subject: string;
  text(unsubscribeUrl: string): string;
  html(unsubscribeUrl: string): string;
}

export function editionCopy(edition: { subject: string; html: string; text: string }): EditionCopy {
  const textParts = edition.text.split(UNSUBSCRIBE_PLACEHOLDER);
  const htmlParts = edition.html.split(UNSUBSCRIBE_PLACEHOLDER);
  return {
    subject: edition.subject,
    text: (url) => textParts.join(url),
    html: (url) => htmlParts.join(escapeAttribute(url)),
  };
}

/**
 * The Message-ID of one edition's copy for one subscriber: the same on every attempt, so a copy
 * sent twice (which the sender avoids) would at least be recognisably the same message.
 */
export const copyMessageId = (editionId: string, subscriberId: string, host: string) => `<edition-${editionId}.sub-${subscriberId}@${host}>`;
