import type { OutgoingMail } from '../../mail/mailer.ts';
import { INVOICE_RETENTION_YEARS } from '../privacy/retention.ts';

/** A moment as the mails and pages say it: "2027-01-13 12:00 UTC". */
export const erasureMoment = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What erasure removes and keeps, in the words the mail and the page share. */
export const ERASURE_SUMMARY =
  'Erased: your name and address, your password and sign-in methods, your votes, follows, upvotes and reviews, your comments ' +
  '(one with replies stays as "deleted", without its text), your drafts, your founder profile and your newsletter subscription. ' +
  'Listings you own leave the directory without an owner; the company can claim them back. ' +
  `Kept: paid orders and their billing details, for ${INVOICE_RETENTION_YEARS} years as tax law requires, and nothing else about you.`;

/** Sent when a deletion is scheduled: when it happens, and that signing in cancels it. */
export function deletionScheduledMail(p: { to: string; name: string; siteName: string; publicUrl: string; dueAt: Date; byAdministrator: boolean }): OutgoingMail {
  return {
    to: p.to,
    subject: `Your account at ${p.siteName} will be deleted on ${erasureMoment(p.dueAt).slice(0, 10)}`,
    text:
      `Hello ${p.name},\n\n` +
      (p.byAdministrator
        ? `the administrators of ${p.siteName} scheduled the deletion of your account (${p.to}), as you asked them.\n\n`
        : `you asked to delete your account at ${p.siteName} (${p.to}).\n\n`) +
      `It will be erased on ${erasureMoment(p.dueAt)}.\n\n` +
      `Changed your mind? Sign in before then (${p.publicUrl}/sign-in), with your password or with GitHub or Google: signing in cancels the deletion.\n` +
      `If you did not ask for this, sign in now and change your password.\n\n` +
      `You are signed out everywhere, your API keys are revoked and your connected apps disconnected; they stay so if you cancel.\n\n` +
      `${ERASURE_SUMMARY}\n`,
  };
}

/** The link an account without a password confirms its deletion with. */
export function deletionLinkMail(p: { to: string; name: string; siteName: string; link: string; token: string; linkMinutes: number }): OutgoingMail {
  return {
    to: p.to,
    subject: `Confirm the deletion of your account at ${p.siteName}`,
    text:
      `Hello ${p.name},\n\n` +
      `someone signed in to your account at ${p.siteName} asked to delete it. Your account signs in with GitHub or Google, ` +
      `so we ask you to confirm here, by opening this link:\n\n${p.link}\n\n` +
      `The link works once and expires in ${p.linkMinutes} minutes. Opening it shows one last button; nothing is deleted before you press it. ` +
      `If you did not ask for this, ignore this mail: your account stays as it is.\n`,
    secrets: [p.token, encodeURIComponent(p.token)],
  };
}
