/**
 * Sessions, on Lucia v3. Lucia is deprecated upstream, so this is the only file that imports it:
 * everything else uses the SessionStore below, and replacing Lucia is a change to this file alone.
 *
 * The cookie carries a random token; the database keeps only its SHA-256 as the session id.
 */
import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import { passwordAccounts, preparedFor, sessions, users, type Database } from '@parkside/db';
import { eq, sql } from 'drizzle-orm';
import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import { userReadColumns, type UserRead } from './load-user';
import type { SessionKeeper } from './session-keeper';
import { generateToken, hashToken } from './tokens';

export const SESSION_COOKIE_NAME = 'parkside_session';
/** Sessions last 30 days and slide: Lucia extends them once less than half remains. */
export const SESSION_LIFETIME_DAYS = 30;

export interface ValidSession {
  /** The stored id (the token's hash). */
  id: string;
  userId: string;
  expiresAt: Date;
  /** True when the expiry was just extended: send the cookie again. */
  fresh: boolean;
  /** The user, read in the same statement as the session (see `settleUser`). */
  user: UserRead;
}

export interface SessionStore {
  create(userId: string): Promise<{ token: string; expiresAt: Date }>;
  /**
   * The session behind a cookie token. `fresh: true` always asks the database (a request that
   * changes something); otherwise a session this server checked a moment ago may be reused.
   */
  validate(token: string, options?: { fresh?: boolean }): Promise<ValidSession | null>;
  /** Drops what this server kept of the user's sessions (after a change it made). */
  forgetUser(userId: string): void;
  /** What this server keeps of sessions, when it keeps any (listening for changes). */
  keeper: SessionKeeper<ValidSession> | null;
  invalidate(sessionId: string): Promise<void>;
  invalidateAllForUser(userId: string): Promise<void>;
  /** Set-Cookie value that stores `token`. */
  cookie(token: string): string;
  /** Set-Cookie value that removes the session cookie. */
  blankCookie(): string;
  /** The token in a Cookie header, if any. */
  readToken(cookieHeader: string | null | undefined): string | null;
}

/**
 * The session and its user in one prepared statement: the user as `userReadColumns` reads it, so
 * a signed-in request costs one round trip to PostgreSQL, the same statement on every request
 * (decision 040). Lucia still decides what an expired session is and when one slides.
 */
function readSessionAndUser(
  db: Database,
  sessionId: string,
): Promise<[DatabaseSession | null, DatabaseUser | null]> {
  const statement = preparedFor(db, 'session_and_user', (name) =>
    db
      .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, ...userReadColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(passwordAccounts, eq(passwordAccounts.userId, users.id))
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );
  return statement.execute({ id: sessionId }).then(([row]) => {
    if (!row) return [null, null];
    const { sessionId: id, expiresAt, ...read } = row;
    const userId = read.user.id;
    return [
      { id, userId, expiresAt, attributes: {} },
      { id: userId, attributes: read as unknown as DatabaseUser['attributes'] },
    ];
  });
}

export function createSessionStore(
  db: Database,
  { secure, keeper = null }: { secure: boolean; keeper?: SessionKeeper<ValidSession> | null },
): SessionStore {
  const drizzle = new DrizzlePostgreSQLAdapter(
    db as unknown as ConstructorParameters<typeof DrizzlePostgreSQLAdapter>[0],
    sessions,
    users,
  );
  // Lucia's Drizzle adapter for every write; the read every request makes is ours.
  const adapter: Adapter = {
    getSessionAndUser: (sessionId) => readSessionAndUser(db, sessionId),
    getUserSessions: (userId) => drizzle.getUserSessions(userId),
    setSession: (session) => drizzle.setSession(session),
    updateSessionExpiration: (sessionId, expiresAt) =>
      drizzle.updateSessionExpiration(sessionId, expiresAt),
    deleteSession: (sessionId) => drizzle.deleteSession(sessionId),
    deleteUserSessions: (userId) => drizzle.deleteUserSessions(userId),
    deleteExpiredSessions: () => drizzle.deleteExpiredSessions(),
  };
  const lucia = new Lucia(adapter, {
    getUserAttributes: (attributes) => ({ read: attributes as unknown as UserRead }),
    sessionExpiresIn: new TimeSpan(SESSION_LIFETIME_DAYS, 'd'),
    sessionCookie: {
      name: SESSION_COOKIE_NAME,
      expires: true,
      attributes: { secure, sameSite: 'lax', path: '/' },
    },
  });

  return {
    async create(userId) {
      const token = generateToken();
      const session = await lucia.createSession(userId, {}, { sessionId: hashToken(token) });
      return { token, expiresAt: session.expiresAt };
    },
    async validate(token, { fresh = false } = {}) {
      const id = hashToken(token);
      const kept = fresh ? null : keeper?.get(id);
      if (kept) return kept;
      const mark = keeper?.mark() ?? 0;
      const startedAt = Date.now();
      const { session, user } = await lucia.validateSession(id);
      if (!session || !user) return null;
      const valid: ValidSession = {
        id: session.id,
        userId: session.userId,
        expiresAt: session.expiresAt,
        fresh: session.fresh,
        user: (user as unknown as { read: UserRead }).read,
      };
      // Kept without `fresh`: the cookie is sent again once, by this answer.
      keeper?.keep(id, { ...valid, fresh: false }, mark, startedAt);
      return valid;
    },
    forgetUser: (userId) => keeper?.changed(userId),
    keeper,
    async invalidate(sessionId) {
      await lucia.invalidateSession(sessionId);
      keeper?.forget(sessionId);
    },
    async invalidateAllForUser(userId) {
      await lucia.invalidateUserSessions(userId);
      keeper?.changed(userId);
    },
    cookie: (token) => lucia.createSessionCookie(token).serialize(),
    blankCookie: () => lucia.createBlankSessionCookie().serialize(),
    readToken: (header) => lucia.readSessionCookie(header ?? ''),
  };
}
