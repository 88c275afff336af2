import type { Mailer } from '../../mail/mailer.ts';
import type { ReportsStore } from '../../store/reports-store.ts';
import type { CommentStatus, ReportSubject } from '../../store/schema.ts';
import { REPORT_SUBJECTS } from '../community/reports.ts';
import { DomainError, invalid, notFound } from '../errors.ts';
import { mustBeAdmin } from './acting-admin.ts';
import type { createModeration } from './moderation.ts';
import { REASON_MAX } from './moderation.ts';

type ListingModeration = ReturnType<typeof createModeration>;
const LABEL: Record<ReportSubject, string> = { listing: 'listing', review: 'review', comment: 'comment', founder: 'founder profile' };

/**
 * The moderation queue: reported things (and held comments) with the moderator's decisions: hide,
 * restore, dismiss. Each decision changes the thing, closes its open reports and writes the action
 * log entry (before and after) in one transaction; the author is told by e-mail when their content
 * is hidden, with the reason. A listing is hidden and restored by the listing moderation's own
 * transaction (status archived, remembered status), its reports closed right after.
 */
export function createContentModeration(deps: {
  store: ReportsStore;
  listings: ListingModeration;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  siteName: () => Promise<string>;
  now: () => Date;
  /** Drops this node's cached discussion pages and profile of a listing. */
  forget: (slug: string) => void;
}) {
  const { store, now } = deps;

  function subjectOf(type: string, id: string) {
    const t = REPORT_SUBJECTS.find((s) => s === type);
    if (!t || !/^[1-9][0-9]{0,17}$/.test(id)) throw notFound('report_subject_not_found', 'There is no such reported thing.');
    return t;
  }
  const slugOf = (path: string | null) => path?.split('/')[2]?.split('#')[0];

  async function decide(adminId: string, type: ReportSubject, id: string, hidden: boolean, reason: string) {
    const at = now();
    const result = await store.transaction(async (tx) => {
      await mustBeAdmin(tx, adminId);
      const before = await tx.subject(type, id);
      if (!before) throw notFound('report_subject_not_found', `There is no ${LABEL[type]} with the id ${id}.`);
      if (type === 'comment' && before.state === 'deleted') throw new DomainError('conflict', 'comment_deleted', 'Its author deleted this comment; there is nothing to hide or restore.');
      // A held comment waits for this decision: hiding it for good (the author told) is still open.
      const held = type === 'comment' && before.state === 'held';
      if (before.hidden === hidden && !(hidden && held)) throw new DomainError('conflict', hidden ? 'already_hidden' : 'not_hidden', `This ${LABEL[type]} is ${hidden ? 'hidden' : 'shown'} already.`);
      const stateBefore = await tx.setHidden({ type: type as Exclude<ReportSubject, 'listing'>, id, hidden, reason, at });
      const after = await tx.subject(type, id);
      const closed = await tx.resolve({ type, id, outcome: hidden ? 'actioned' : 'dismissed', by: adminId, at });
      await tx.record({
        adminId,
        action: hidden ? 'content_hidden' : 'content_restored',
        subjectType: type,
        subjectId: id,
        summary: `${hidden ? 'Hid' : 'Restored'} the ${LABEL[type]} "${before.title}"${hidden ? `: ${reason}` : ''}${closed ? ` (${closed} open report${closed === 1 ? '' : 's'} closed)` : ''}`,
        details: { before: stateBefore, after: after?.state, reason: hidden ? reason : undefined, reports_closed: closed },
        at,
      });
      return before;
    });
    const slug = slugOf(result.path);
    if (slug && type !== 'founder') deps.forget(slug);
    return result;
  }

  const reasonOf = (raw: string) => {
    const reason = raw.trim();
    if (!reason || reason.length > REASON_MAX) throw invalid('validation_failed', 'Say why it is hidden.', [{ field: 'reason', message: `1 to ${REASON_MAX} characters: why it is hidden (the author is told)` }]);
    return reason;
  };

  return {
    queue: (limit = 50) => store.queue(limit),
    openCount: () => store.openCount(),
    comments: (status: CommentStatus, limit = 100) => store.commentsByStatus(status, limit),

    /** Hides the thing (the author is mailed the reason) and closes its reports as acted on. */
    async hide(adminId: string, rawType: string, id: string, rawReason: string) {
      const type = subjectOf(rawType, id);
      const reason = reasonOf(rawReason);
      if (type === 'listing') {
        await deps.listings.hide(adminId, id, reason);
        await store.transaction((tx) => tx.resolve({ type, id, outcome: 'actioned', by: adminId, at: now() }));
        return;
      }
      const s = await decide(adminId, type, id, true, reason);
      if (s.author_email) {
        const site = await deps.siteName();
        await deps.mailer.send({
          to: s.author_email,
          subject: `Your ${LABEL[type]} on ${site} was hidden`,
          text: `Hello ${s.author_name ?? ''},\n\nA moderator of ${site} hid your ${LABEL[type]} "${s.title}".\n\nThe reason: ${reason}\n\n` +
            `${s.text ? `What it said:\n${s.text}\n\n` : ''}If you think this is a mistake, reply to this mail.\n${deps.publicUrl}${s.path ?? ''}\n`,
        });
      }
    },

    /** Shows a hidden or held thing again; its open reports are closed as dismissed. */
    async restore(adminId: string, rawType: string, id: string) {
      const type = subjectOf(rawType, id);
      if (type === 'listing') {
        await deps.listings.restore(adminId, id);
        return;
      }
      await decide(adminId, type, id, false, '');
    },

    /**
     * The reports were unfounded: closed as dismissed, the thing left as it is, except a comment
     * held by reports, which shows again.
     */
    async dismiss(adminId: string, rawType: string, id: string) {
      const type = subjectOf(rawType, id);
      const at = now();
      const s = await store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        const before = await tx.subject(type, id);
        if (!before) throw notFound('report_subject_not_found', `There is no ${LABEL[type]} with the id ${id}.`);
        const shownAgain = type === 'comment' && before.state === 'held';
        if (shownAgain) await tx.setHidden({ type: 'comment', id, hidden: false, reason: '', at });
        const closed = await tx.resolve({ type, id, outcome: 'dismissed', by: adminId, at });
        if (!closed && !shownAgain) throw new DomainError('conflict', 'no_open_reports', `This ${LABEL[type]} has no open reports.`);
        await tx.record({
          adminId,
          action: 'reports_dismissed',
          subjectType: type,
          subjectId: id,
          summary: `Dismissed ${closed} report${closed === 1 ? '' : 's'} of the ${LABEL[type]} "${before.title}"${shownAgain ? ', shown again' : ''}`,
          details: { before: before.state, after: shownAgain ? 'visible' : before.state, reports_closed: closed },
          at,
        });
        return before;
      });
      const slug = slugOf(s.path);
      if (slug && type === 'comment') deps.forget(slug);
    },
  };
}
export type ContentModeration = ReturnType<typeof createContentModeration>;
