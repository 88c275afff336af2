import type { ReportsStore } from '../../store/reports-store.ts';
import type { ReportReason, ReportSubject } from '../../store/schema.ts';
import type { Actor } from '../actor.ts';
import { DomainError, notFound } from '../errors.ts';
import { siteUser } from './community.ts';
import { DISCUSSION_RULES } from './discussions.ts';

export const REPORT_SUBJECTS: readonly ReportSubject[] = ['listing', 'review', 'comment', 'founder'];
/** The reasons a visitor picks from, with the words the form shows. */
export const REPORT_REASONS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or hate',
  misleading: 'Misleading or fake',
  off_topic: 'Off topic',
  illegal: 'Illegal content',
  other: 'Something else',
};
export const REPORT_DETAILS_MAX = 1000;

const DAY = 24 * 3_600_000;

/**
 * Reports from signed-in people about a listing, a review, a comment or a founder profile. One
 * open report per person per thing (a second is answered as received, changing nothing). Reported
 * things stay visible until a moderator acts, except a comment that three established accounts
 * (older than 7 days) report: it is held pending review, so a new account ring cannot silence one.
 */
export function createReports(deps: { store: ReportsStore; now: () => Date; forgetComments?: (slug: string) => void }) {
  const { store, now } = deps;
  return {
    /**
     * What a report form names: a thing that may be reported now (public, not hidden), with words
     * to show and the page it is on. Anything else is not found, as to a visitor it is not there.
     */
    async subject(rawType: string, rawId: string) {
      const type = REPORT_SUBJECTS.find((s) => s === rawType);
      const id = /^[1-9][0-9]{0,17}$/.test(rawId) ? rawId : undefined;
      const s = type && id && (await store.reportable(type, id)) ? await store.subject(type, id) : undefined;
      if (!s) throw notFound('report_subject_not_found', 'There is nothing with this address to report: it may have been removed.');
      return { type: s.subject_type, id: s.subject_id, title: s.title, text: s.text, path: s.path };
    },

    async file(actor: Actor, input: { subject_type: string; subject_id: number | string; reason: string; details?: string }) {
      const user = siteUser(actor);
      const type = REPORT_SUBJECTS.find((s) => s === input.subject_type);
      const id = Number(input.subject_id);
      const details = (input.details ?? '').replace(/\r\n?/g, '\n').trim();
      const fields = [];
      if (!type) fields.push({ field: 'subject_type', message: `one of ${REPORT_SUBJECTS.join(', ')}` });
      if (!(input.reason in REPORT_REASONS)) fields.push({ field: 'reason', message: 'choose a reason from the list' });
      if ([...details].length > REPORT_DETAILS_MAX) fields.push({ field: 'details', message: `at most ${REPORT_DETAILS_MAX.toLocaleString('en')} characters` });
      if (details.includes('\0') || !details.isWellFormed()) fields.push({ field: 'details', message: 'contains a character that cannot be stored (NUL or a lone surrogate)' });
      if (fields.length) throw new DomainError('invalid', 'validation_failed', 'The report breaks a rule: ' + fields.map((f) => `${f.field}: ${f.message}`).join('; ') + '.', fields);
      if (!Number.isSafeInteger(id) || id <= 0 || !(await store.reportable(type!, String(id)))) {
        throw notFound('report_subject_not_found', `There is no ${type} with this id to report.`);
      }
      const at = now();
      const filed = await store.file({
        type: type!, id: String(id), reporterId: user.userId, reason: input.reason as ReportReason, details, at,
        oldAccountsBornBefore: new Date(at.getTime() - DISCUSSION_RULES.reporterAccountDays * DAY),
      });
      let held = false;
      if (type === 'comment' && filed.establishedReporters >= DISCUSSION_RULES.reportsToHold) {
        held = await store.holdComment(String(id), `reported by ${filed.establishedReporters} accounts; hidden until a moderator decides`);
        if (held) {
          const s = await store.subject('comment', String(id));
          const slug = s?.path?.split('/')[2]?.split('#')[0];
          if (slug) deps.forgetComments?.(slug);
        }
      }
      return { created: filed.created, held };
    },
  };
}
export type Reports = ReturnType<typeof createReports>;
