/**
 * How long the service keeps what it keeps: every retention period in one place, imported by the
 * code that enforces it and stated by /privacy (transports/web/public/privacy-page.ts), whose test
 * fails when a number here changes without the page saying so. Data with no period here is kept as
 * long as the account it belongs to (docs/decisions.md, "Privacy and retention (issue 31)").
 */

/**
 * A site session ends this long after the browser's last visit: a person who comes back within a
 * month stays signed in, a forgotten browser does not stay signed in for ever.
 */
export const SESSION_LIFETIME_DAYS = 30;

/**
 * A vote's (follow's, review's, comment upvote's) network and browser fingerprints, sign-in method
 * and page are erased this long after it was cast: long enough to find bought votes and rings across
 * a launch week and its review, no longer. The default of VOTE_WEIGHTING's settleDays.
 */
export const VOTE_PROVENANCE_SETTLE_DAYS = 30;

/**
 * A day's network salt is deleted this many days after its day ends: a vote cast just before
 * midnight still needs it, and once it is gone no stored fingerprint can be tested against an address.
 */
export const NETWORK_SALT_KEPT_DAYS = 1;

/** An Idempotency-Key and the answer it stands for: a client's retry of the same request within a day gets the same answer. */
export const IDEMPOTENCY_KEPT_HOURS = 24;

/** The picture upload log (who uploaded when) feeds only the per-account daily budget: it needs a day. */
export const UPLOAD_LOG_KEPT_HOURS = 24;

/**
 * A picture nothing uses any more (a replaced logo, a removed screenshot) is deleted after this: an
 * upload is stored before the transaction that points a listing at it, so a younger one may be about to be used.
 */
export const UNUSED_PICTURE_KEPT_HOURS = 24;

/**
 * Failed sign-in counters (keyed hashes of the address, and of the account and address) count over
 * a day; they are forgotten after two, unless a lock on them still runs.
 */
export const SIGN_IN_FAILURES_KEPT_DAYS = 2;

/** Newsletter subscription attempts (keyed hashes of the address and network) feed the hourly throttles: an hour. */
export const NEWSLETTER_ATTEMPTS_KEPT_HOURS = 1;

/**
 * An account its owner asked to delete waits this long, signed out and hidden, before it is erased:
 * time to change one's mind, or to stop someone who had the password.
 */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;

/** Invoices and the orders they record outlive a deleted account this long: bookkeeping and tax law ask for up to ten years. */
export const INVOICE_RETENTION_YEARS = 10;

/** A data export's download link works this long: time to download it, not a lasting copy of everything about someone. */
export const DATA_EXPORT_LINK_HOURS = 24;

/**
 * The webhook delivery log (every attempt: when, how long, the status and the first 1 KiB of the
 * receiver's answer) and the events it delivered: a month to look into a failure and send again.
 */
export const WEBHOOK_LOG_KEPT_DAYS = 30;

/** Database backups kept unless the operator sets otherwise: older ones, and what was deleted since, go as new ones come. */
export const BACKUP_KEEP_DEFAULT = 7;
