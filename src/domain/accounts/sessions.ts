import type { SignInMethod } from '../../store/schema.ts';
import type { SessionsStore } from '../../store/sessions-store.ts';
import { SESSION_LIFETIME_DAYS } from '../privacy/retention.ts';
import { deviceLabel } from './device-label.ts';
import { randomToken, sha256 } from './secrets.ts';

/** Sessions last SESSION_LIFETIME_DAYS from the last visit; the expiry moves at most once an hour (one write an hour, not one a request). */
const LIFETIME_MS = SESSION_LIFETIME_DAYS * 86_400_000;
const TOUCH_EVERY_MS = 3_600_000;
/** The sessions a page lists: more than anyone has browsers; a loop of sign-ins is still counted in full. */
const LISTED = 50;

/** A live session as its person sees it in their list. */
export interface SessionSummary {
  id: string;
  device: string;
  method: SignInMethod;
  createdAt: Date;
  lastSeenAt: Date;
}

export interface SiteSession {
  id: string;
  userId: string;
  email: string;
  name: string;
  isAdmin: boolean;
  emailVerified: boolean;
  /** Per-session token every form must echo (CSRF). */
  csrf: string;
  /** How this session was started: the password, or a sign-in provider. */
  method: SignInMethod;
  /** The page token vote forms on lists carry (domain/community/vote-provenance.ts), set by the web transport. */
  pageToken?: string;
}

/**
 * Server-side site sessions. The browser holds a random token in a signed cookie; the database
 * holds only its hash, so sessions are revocable one by one or all at once, on every node. Of the
 * browser only a coarse label is kept (device-label.ts), and no address.
 */
export function createSessions(deps: { store: SessionsStore; now: () => Date }) {
  const { store, now } = deps;
  return {
    /** A new session; `method` records how the person proved who they are (the password, or a provider). */
    async start(userId: string, meta: { userAgent: string | null }, method: SignInMethod = 'password') {
      const token = randomToken(32);
      const csrf = randomToken(24);
      await store.create({ tokenHash: sha256(token), userId, csrf, device: deviceLabel(meta.userAgent), expiresAt: new Date(now().getTime() + LIFETIME_MS), at: now(), method });
      return { token, maxAgeSeconds: LIFETIME_MS / 1000 };
    },

    async resolve(token: string | undefined): Promise<SiteSession | undefined> {
      if (!token) return undefined;
      const row = await store.live(sha256(token), now());
      if (!row) return undefined;
      if (now().getTime() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
        await store.touch(row.id, now(), new Date(now().getTime() + LIFETIME_MS));
      }
      return {
        id: row.id,
        userId: row.user_id,
        email: row.email,
        name: row.name,
        isAdmin: row.is_admin,
        emailVerified: row.email_verified_at !== null,
        csrf: row.csrf_token,
        method: row.method,
      };
    },

    end: (sessionId: string) => store.revoke(sessionId),
    endAll: (userId: string) => store.revokeAllForUser(userId),
    /** How many live sessions (browsers, devices) the user has. */
    countLive: (userId: string) => store.countLive(userId, now()),
    /** The user's live sessions, the most recently seen first. */
    async listLive(userId: string): Promise<SessionSummary[]> {
      return (await store.listLive(userId, now(), LISTED)).map((r) => ({
        id: r.id,
        device: r.device,
        method: r.method,
        createdAt: new Date(r.created_at),
        lastSeenAt: new Date(r.last_seen_at),
      }));
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
