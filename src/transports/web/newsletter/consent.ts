import { createHash } from 'node:crypto';

/** The words the public form shows beside its button: what a subscriber agrees to, stored as shown. */
export const consentWords = (siteName: string) =>
  `Send me the weekly newsletter of ${siteName} at this address: last week's winners and this week's launches, every Monday. ` +
  `I can unsubscribe at any time with the link in every issue.`;

/** The switch on /account/email: its label and hint, stored together as the words agreed to. */
export const ACCOUNT_SWITCH = {
  label: 'The weekly newsletter',
  hint: "Last week's winners and this week's launches, every Monday, at your account's address. Every issue has a one-click unsubscribe link.",
};
export const accountConsentWords = () => `${ACCOUNT_SWITCH.label}: ${ACCOUNT_SWITCH.hint}`;

/**
 * The words' fingerprint, in a hidden field of the form: a post whose words differ from today's
 * (the text changed between loading the form and sending it) is shown the new words to agree to,
 * so the stored text is always the one the person saw.
 */
export const wordsVersion = (words: string) => createHash('sha256').update(words).digest('hex').slice(0, 16);

