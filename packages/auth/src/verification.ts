/**
 * Verifying an e-mail address (decision 056): each verification e-mail carries a single-use link
 * and a six-digit code for the same address, valid 24 hours. The link works in any browser; the
 * code is typed by the signed-in person (on a phone whose mail app opens links elsewhere), with
 * wrong codes limited per user like failed sign-ins. Both may carry the page the person was on,
 * so they come back to it.
 */
import { type RateLimits, type SessionUser, AppError } from '@parkside/core';
import { emailVerificationTokens, passwordAccounts, users, type Database } from '@parkside/db';
import { verificationEmail, type Mailer } from '@parkside/email';
import { and, eq, gt } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { AUTH_MESSAGES, tooMany } from './errors';
import type { SessionStore } from './lucia';
import { generateToken, hashToken } from './tokens';

export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** The code's digits, shown "482 913" in the e-mail; typed with or without the space. */
export const VERIFICATION_CODE_LENGTH = 6;

/** What is stored in place of a code: the SHA-256 of the user's id and the code. */
const codeHash = (userId: string, code: string) => hashToken(`${userId}:${code}`);

/** "482913" -> "482 913", as the e-mail shows it. */
export const spacedCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

export interface VerificationOptions {
  db: Database;
  sessions: SessionStore;
  limits: RateLimits;
  mailer: Mailer;
  /** An absolute link on the site: `path` with `params`. */
  link: (path: string, params: Record<string, string>) => string;
  issueSession: (userId: string) => Promise<{ userId: string; token: string; cookie: string }>;
  log: Pick<Console, 'error'>;
}

export function createVerification({
  db,
  sessions,
  limits,
  mailer,
  link,
  issueSession,
  log,
}: VerificationOptions) {
  /**
   * Stores a fresh single-use link and code and e-mails both; `next` (a path on the site) is where
   * the link leads once verified. False if sending failed.
   */
  async function send(user: { id: string; email: string; name: string }, next?: string) {
    const token = generateToken();
    const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(
      VERIFICATION_CODE_LENGTH,
      '0',
    );
    await db.insert(emailVerificationTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      email: user.email,
      codeHash: codeHash(user.id, code),
      expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS),
    });
    try {
      await mailer.send({
        to: user.email,
        ...verificationEmail({
          name: user.name,
          url: link('/verify-email', { token, ...(next ? { next } : {}) }),
          code: spacedCode(code),
        }),
      });
      return true;
    } catch (error) {
      log.error('Could not send the verification e-mail:', error);
      return false;
    }
  }

  /** Marks the address verified and ends every other way to verify it. */
  async function markVerified(userId: string) {
    await db
      .update(passwordAccounts)
      .set({ emailVerified: true })
      .where(eq(passwordAccounts.userId, userId));
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
    await db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
  }

  /** The user's current address, if `email` still is it (a changed address needs a new link). */
  async function stillTheAddress(userId: string, email: string) {
    const [user] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return user?.email === email;
  }

  return {
    send,

    /**
     * Before the address is verified, the person may correct a mistyped one: the account and the
     * user take the new address, every earlier link and code stops working, and a new e-mail goes
     * to it. Refused once verified, or when another account has the address.
     */
    async changeAddress(user: SessionUser, email: string, next?: string) {
      if (user.emailVerified) throw new AppError('CONFLICT', AUTH_MESSAGES.alreadyVerified);
      const wait = await limits.consume('verificationResend', user.id);
      if (wait) throw tooMany(wait, 'We just sent you a verification email.');
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      if (taken && taken.id !== user.id) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
      await db.transaction(async (tx) => {
        await tx
          .update(passwordAccounts)
          .set({ email })
          .where(eq(passwordAccounts.userId, user.id));
        await tx.update(users).set({ email }).where(eq(users.id, user.id));
        await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
      });
      const sent = await send({ id: user.id, email, name: user.name }, next);
      return {
        sent,
        message: sent
          ? `We sent a new link and code to ${email}.`
          : AUTH_MESSAGES.verificationFailed,
      };
    },

    async resend(user: SessionUser, next?: string) {
      if (user.emailVerified) return { sent: false, message: AUTH_MESSAGES.alreadyVerified };
      const wait = await limits.consume('verificationResend', user.id);
      if (wait) throw tooMany(wait, 'We just sent you a verification email.');
      const sent = await send(user, next);
      return {
        sent,
        message: sent ? AUTH_MESSAGES.verificationSent : AUTH_MESSAGES.verificationFailed,
      };
    },

    /**
     * Follows the e-mailed link: single use, 24 hours. Verifies the address and, when the browser
     * is signed in as that user, replaces its session (rotation after a privilege change).
     */
    async byLink(token: string, current: { sessionId: string; userId: string } | null) {
      const [row] = await db
        .delete(emailVerificationTokens)
        .where(eq(emailVerificationTokens.tokenHash, hashToken(token)))
        .returning();
      if (
        !row ||
        row.expiresAt.getTime() < Date.now() ||
        !(await stillTheAddress(row.userId, row.email))
      ) {
        throw new AppError('BAD_REQUEST', AUTH_MESSAGES.invalidLink);
      }
      await markVerified(row.userId);
      if (current?.userId !== row.userId) return { userId: row.userId, session: null };
      await sessions.invalidate(current.sessionId);
      return { userId: row.userId, session: await issueSession(row.userId) };
    },

    /**
     * The code typed by the signed-in person: any code of theirs still valid for their current
     * address. Five wrong codes in 15 minutes and the next waits. Replaces the session.
     */
    async byCode(typed: string, current: { sessionId: string; userId: string }) {
      const wait = await limits.check('verificationCodeFailures', current.userId);
      if (wait) throw tooMany(wait, 'Too many wrong codes.');
      const code = typed.replace(/\s/g, '');
      const [row] = /^\d{6}$/.test(code)
        ? await db
            .select()
            .from(emailVerificationTokens)
            .where(
              and(
                eq(emailVerificationTokens.userId, current.userId),
                eq(emailVerificationTokens.codeHash, codeHash(current.userId, code)),
                gt(emailVerificationTokens.expiresAt, new Date()),
              ),
            )
            .limit(1)
        : [];
      if (!row || !(await stillTheAddress(row.userId, row.email))) {
        const after = await limits.consume('verificationCodeFailures', current.userId);
        if (after) throw tooMany(after, 'Too many wrong codes.');
        throw new AppError('BAD_REQUEST', AUTH_MESSAGES.wrongCode);
      }
      await markVerified(current.userId);
      await limits.reset('verificationCodeFailures', current.userId);
      await sessions.invalidate(current.sessionId);
      return issueSession(current.userId);
    },
  };
}
