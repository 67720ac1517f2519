/**
 * Sessions, on Lucia v3. Lucia is deprecated upstream, so this is the only file that imports it:
 * everything else uses the SessionStore below, and replacing Lucia is a change to this file alone.
 *
 * The cookie carries a random token; the database keeps only its SHA-256 as the session id.
 */
import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import { sessions, users, type Database } from '@parkside/db';
import { Lucia, TimeSpan } from 'lucia';
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
}

export interface SessionStore {
  create(userId: string): Promise<{ token: string; expiresAt: Date }>;
  validate(token: string): Promise<ValidSession | null>;
  invalidate(sessionId: string): Promise<void>;
  invalidateAllForUser(userId: string): Promise<void>;
  /** Set-Cookie value that stores `token`. */
  cookie(token: string): string;
  /** Set-Cookie value that removes the session cookie. */
  blankCookie(): string;
  /** The token in a Cookie header, if any. */
  readToken(cookieHeader: string | null | undefined): string | null;
}

export function createSessionStore(db: Database, { secure }: { secure: boolean }): SessionStore {
  const adapter = new DrizzlePostgreSQLAdapter(
    db as unknown as ConstructorParameters<typeof DrizzlePostgreSQLAdapter>[0],
    sessions,
    users,
  );
  const lucia = new Lucia(adapter, {
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
    async validate(token) {
      const { session } = await lucia.validateSession(hashToken(token));
      if (!session) return null;
      return {
        id: session.id,
        userId: session.userId,
        expiresAt: session.expiresAt,
        fresh: session.fresh,
      };
    },
    invalidate: (sessionId) => lucia.invalidateSession(sessionId),
    invalidateAllForUser: (userId) => lucia.invalidateUserSessions(userId),
    cookie: (token) => lucia.createSessionCookie(token).serialize(),
    blankCookie: () => lucia.createBlankSessionCookie().serialize(),
    readToken: (header) => lucia.readSessionCookie(header ?? ''),
  };
}
