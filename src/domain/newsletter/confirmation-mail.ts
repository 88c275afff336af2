import type { OutgoingMail } from '../../mail/mailer.ts';

/**
 * The double opt-in mail: transactional (the person just asked for it), so it carries no
 * unsubscribe link; ignoring it is how one says no. The token is a secret: redacted from the
 * outbox copy when the mail leaves by SMTP.
 */
export function confirmationMail(p: { to: string; token: string; publicUrl: string; siteName: string; linkHours: number }): OutgoingMail {
  const link = `${p.publicUrl}/newsletter/confirm/${p.token}`;
  return {
    to: p.to,
    subject: `Confirm your subscription to the ${p.siteName} newsletter`,
    text:
      `Hello,\n\n` +
      `someone, hopefully you, asked for the weekly newsletter of ${p.siteName} to be sent to ${p.to}.\n\n` +
      `To confirm, open this link and press "Confirm my subscription":\n\n${link}\n\n` +
      `The link works for ${p.linkHours} hours. If you did not ask for this, ignore this mail: the address will not be ` +
      `subscribed and you will not hear from us about it again.\n`,
    secrets: [p.token],
  };
}
