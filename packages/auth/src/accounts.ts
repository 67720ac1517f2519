import { type SessionUser, type RateLimits, AppError } from '@parkside/core';
import {
  bookings,
  emailVerificationTokens,
  events,
  feedback,
  oauthAccounts,
  passwordAccounts,
  passwordResetTokens,
  users,
  type Database,
} from '@parkside/db';
import { passwordChangedEmail, passwordResetEmail, type Mailer } from '@parkside/email';
import type { RegisterInput } from '@parkside/validators';
import { and, eq, gt } from 'drizzle-orm';
import { AUTH_MESSAGES, tooMany } from './errors';
import type { SessionStore, ValidSession } from './lucia';
import { loadUser, settleUser } from './load-user';
import type { OAuthProviderId, ProviderProfile } from './oauth';
import { hashPassword, verifyPassword } from './passwords';

import { generateToken, generateUserId, hashToken } from './tokens';
import { createVerification } from './verification';

export { EMAIL_VERIFICATION_TTL_MS } from './verification';

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export interface AuthServiceOptions {
  db: Database;
  sessions: SessionStore;
  limits: RateLimits;
  mailer: Mailer;
  /** Origin used in e-mailed links, e.g. https://parkside.example. */
  publicUrl: string;
  log?: Pick<Console, 'error' | 'info'>;
}

/** A new session for the browser: the cookie to set and who it belongs to. */
export interface IssuedSession {
  userId: string;
  token: string;
  cookie: string;
}

export interface LoadedSession {
  session: ValidSession;
  user: SessionUser | null;
  /** Set-Cookie to send when the session's expiry just slid forward. */
  refreshCookie: string | null;
}

/** The user a provider login is linked to, if any. */
async function findLinkedLogin(db: Database, provider: OAuthProviderId, profile: ProviderProfile) {
  const [linked] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(
      and(
        eq(oauthAccounts.provider, provider),
        eq(oauthAccounts.providerUserId, profile.providerUserId),
      ),
    )
    .limit(1);
  return linked;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({
  db,
  sessions,
  limits,
  mailer,
  publicUrl,
  log = console,
}: AuthServiceOptions) {
  /** An absolute link on the site, for e-mails. */
  const link = (path: string, params: Record<string, string>) => {
    const url = new URL(path, publicUrl);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  };

  async function issueSession(userId: string): Promise<IssuedSession> {
    const { token } = await sessions.create(userId);
    return { userId, token, cookie: sessions.cookie(token) };
  }

  const verify = createVerification({ db, sessions, limits, mailer, link, issueSession, log });

  async function redeemResetLink(token: string) {
    const [row] = await db
      .delete(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
      .returning();
    if (!row || row.expiresAt.getTime() < Date.now()) {
      throw new AppError('BAD_REQUEST', AUTH_MESSAGES.invalidLink);
    }
    return row;
  }

  return {
    sessions,

    /**
     * The customer's order: create the account, send the verification e-mail, then write the user
     * with emailVerified false. A mail server that fails never loses the account.
     */
    async signUp(input: RegisterInput, client: { ip: string }, next?: string) {
      const wait = await limits.consume('signup', client.ip);
      if (wait) throw tooMany(wait, 'Too many new accounts from your network.');

      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, input.email))
        .limit(1);
      if (existing) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);

      const userId = generateUserId();
      const created = await db
        .insert(passwordAccounts)
        .values({ userId, email: input.email, passwordHash: await hashPassword(input.password) })
        .onConflictDoNothing()
        .returning({ userId: passwordAccounts.userId });
      if (created.length === 0) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);

      const emailSent = await verify.send(
        { id: userId, email: input.email, name: input.name },
        next,
      );

      const now = new Date();
      await db.insert(users).values({
        id: userId,
        email: input.email,
        name: input.name,
        isHost: false,
        emailVerified: false,
        termsAccepted: true,
        termsAcceptedAt: now,
        // Stored only when given.
        ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}),
        ...(input.address ? { address: input.address } : {}),
        ...(input.profileImageUrl ? { profileImageUrl: input.profileImageUrl } : {}),
      });
      return { ...(await issueSession(userId)), emailSent };
    },

    /**
     * E-mail and password. Every failure leaves the browser signed out (the caller clears the
     * cookie). The 11th failed attempt for one e-mail within 15 minutes is refused outright.
     * Failures are also counted per client address: past its limit, a failure answers "too
     * many" (with the wait) rather than whether the e-mail exists, while a right password still
     * signs in: one person guessing cannot lock out everyone behind the same address.
     */
    async signIn(input: { email: string; password: string }, client?: { ip: string }) {
      const wait = await limits.check('loginFailures', input.email);
      if (wait) {
        throw tooMany(
          wait,
          'Too many failed sign-in attempts for this email. Reset your password or wait.',
        );
      }
      const fail = async (error: AppError) => {
        await limits.consume('loginFailures', input.email);
        const fromClient = client ? await limits.consume('loginFailuresByClient', client.ip) : null;
        return fromClient
          ? tooMany(fromClient, 'Too many failed sign-in attempts from your network.')
          : error;
      };

      const [account] = await db
        .select()
        .from(passwordAccounts)
        .where(eq(passwordAccounts.email, input.email))
        .limit(1);
      if (!account) {
        const [socialUser] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, input.email))
          .limit(1);
        throw await fail(
          new AppError(
            socialUser ? 'BAD_REQUEST' : 'NOT_FOUND',
            socialUser ? AUTH_MESSAGES.socialOnly : AUTH_MESSAGES.userNotFound,
          ),
        );
      }
      if (!(await verifyPassword(account.passwordHash, input.password))) {
        throw await fail(new AppError('UNAUTHORIZED', AUTH_MESSAGES.wrongPassword));
      }
      const user = await loadUser(db, account.userId);
      if (!user) throw await fail(new AppError('NOT_FOUND', AUTH_MESSAGES.userNotFound));

      await limits.reset('loginFailures', input.email);
      return issueSession(user.id);
    },

    /** The session behind a cookie token and its user (null user: the user never appeared). */
    async loadSession(
      token: string,
      options: { fresh?: boolean } = {},
    ): Promise<LoadedSession | null> {
      const session = await sessions.validate(token, options);
      if (!session) return null;
      const user = await settleUser(db, session.user);
      return { session, user, refreshCookie: session.fresh ? sessions.cookie(token) : null };
    },

    async signOut(sessionId: string) {
      await sessions.invalidate(sessionId);
      return sessions.blankCookie();
    },

    /** Ends every session of the user, this one included. */
    async signOutEverywhere(userId: string) {
      await sessions.invalidateAllForUser(userId);
      return sessions.blankCookie();
    },

    /** Verification e-mail again, for the banner. At most 3 per 15 minutes per user. */
    /** Another verification e-mail (link and code); `next` is where its link leads. */
    resendVerification: verify.resend,

    /** The e-mailed link, in any browser; rotates the session when it is that user's. */
    verifyEmail: verify.byLink,

    /** The e-mailed code, typed by the signed-in user; answers their new session. */
    verifyEmailCode: verify.byCode,

    /** A mistyped address corrected before it was verified; a new e-mail goes to it. */
    changeUnverifiedEmail: verify.changeAddress,

    /**
     * Always answers the same, whether or not the address has an account, and sends the e-mail
     * in the background so the answer takes the same time either way.
     */
    async requestPasswordReset(email: string, client: { ip: string }) {
      const wait =
        (await limits.consume('passwordReset', email)) ??
        (await limits.consume('passwordReset', client.ip));
      if (wait) throw tooMany(wait, 'Too many password reset requests.');
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      if (!user) return;
      const token = generateToken();
      await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      await db.insert(passwordResetTokens).values({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
      });
      void mailer
        .send({
          to: user.email,
          ...passwordResetEmail({ name: user.name, url: link('/reset-password', { token }) }),
        })
        .catch((error: unknown) => log.error('Could not send the password reset e-mail:', error));
    },

    /** True when a reset link is still usable (the page checks before showing the form). */
    async isResetTokenValid(token: string) {
      const [row] = await db
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(token)),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Sets the new password, ends every session, and signs this browser in again. */
    async resetPassword(token: string, password: string) {
      const row = await redeemResetLink(token);
      const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
      if (!user) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.invalidLink);
      const passwordHash = await hashPassword(password);
      // The link reached the inbox, so the address is proven too.
      await db
        .insert(passwordAccounts)
        .values({ userId: user.id, email: user.email, passwordHash, emailVerified: true })
        .onConflictDoUpdate({
          target: passwordAccounts.userId,
          set: { passwordHash, emailVerified: true },
        });
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      await sessions.invalidateAllForUser(user.id);
      await limits.reset('loginFailures', user.email);
      return issueSession(user.id);
    },

    /** Needs the current password; ends every other session by replacing them all. */
    async changePassword(user: SessionUser, current: string, next: string) {
      const [account] = await db
        .select()
        .from(passwordAccounts)
        .where(eq(passwordAccounts.userId, user.id))
        .limit(1);
      if (!account || !(await verifyPassword(account.passwordHash, current))) {
        throw new AppError('BAD_REQUEST', AUTH_MESSAGES.wrongCurrentPassword);
      }
      await db
        .update(passwordAccounts)
        .set({ passwordHash: await hashPassword(next) })
        .where(eq(passwordAccounts.userId, user.id));
      await sessions.invalidateAllForUser(user.id);
      void mailer
        .send({ to: user.email, ...passwordChangedEmail({ name: user.name }) })
        .catch((error: unknown) => log.error('Could not send the password-changed e-mail:', error));
      return issueSession(user.id);
    },

    /**
     * Social sign-in, as the customer specified: in one transaction, load the user; if it exists,
     * sync emailVerified with the provider; otherwise create it with isHost false, the provider's
     * name and photo, and termsAccepted true. An existing e-mail account is linked only when the
     * provider says the address is verified.
     */
    async socialSignIn(provider: OAuthProviderId, profile: ProviderProfile) {
      const userId = await db.transaction(async (tx) => {
        const linked = await findLinkedLogin(tx as unknown as Database, provider, profile);
        const [byEmail] = linked
          ? []
          : await tx
              .select({ id: users.id })
              .from(users)
              .where(eq(users.email, profile.email))
              .limit(1);
        const existingId = linked?.userId ?? byEmail?.id;

        if (existingId) {
          if (!linked) {
            if (!profile.emailVerified)
              throw new AppError('CONFLICT', AUTH_MESSAGES.linkRequiresPassword);
            await tx.insert(oauthAccounts).values({
              provider,
              providerUserId: profile.providerUserId,
              userId: existingId,
              email: profile.email,
            });
          }
          await tx
            .update(users)
            .set({ emailVerified: profile.emailVerified })
            .where(eq(users.id, existingId));
          await tx
            .update(passwordAccounts)
            .set({ emailVerified: profile.emailVerified })
            .where(eq(passwordAccounts.userId, existingId));
          return existingId;
        }

        const id = generateUserId();
        await tx.insert(users).values({
          id,
          email: profile.email,
          name: profile.name.slice(0, 80) || profile.email,
          isHost: false,
          emailVerified: profile.emailVerified,
          termsAccepted: true,
          termsAcceptedAt: new Date(),
          ...(profile.picture ? { profileImageUrl: profile.picture } : {}),
        });
        await tx.insert(oauthAccounts).values({
          provider,
          providerUserId: profile.providerUserId,
          userId: id,
          email: profile.email,
        });
        return id;
      });
      return issueSession(userId);
    },

    /** Links a provider login to the signed-in user (from Account Settings). */
    async linkSocialAccount(
      user: SessionUser,
      provider: OAuthProviderId,
      profile: ProviderProfile,
    ) {
      const linked = await findLinkedLogin(db, provider, profile);
      if (linked && linked.userId !== user.id)
        throw new AppError('CONFLICT', AUTH_MESSAGES.alreadyLinkedElsewhere);
      if (!linked) {
        await db.insert(oauthAccounts).values({
          provider,
          providerUserId: profile.providerUserId,
          userId: user.id,
          email: profile.email,
        });
      }
    },

    async unlinkSocialAccount(user: SessionUser, provider: OAuthProviderId) {
      const logins = await db
        .select({ provider: oauthAccounts.provider })
        .from(oauthAccounts)
        .where(eq(oauthAccounts.userId, user.id));
      const [password] = await db
        .select({ id: passwordAccounts.userId })
        .from(passwordAccounts)
        .where(eq(passwordAccounts.userId, user.id))
        .limit(1);
      if (!password && logins.filter((l) => l.provider !== provider).length === 0) {
        throw new AppError('BAD_REQUEST', AUTH_MESSAGES.lastLogin);
      }
      await db
        .delete(oauthAccounts)
        .where(and(eq(oauthAccounts.userId, user.id), eq(oauthAccounts.provider, provider)));
    },

    /** Deletes the user and every way to sign in; records they own lose the link to them. */
    async deleteAccount(userId: string) {
      await db.transaction(async (tx) => {
        await tx.update(events).set({ createdBy: null }).where(eq(events.createdBy, userId));
        // Past bookings stay in the hosts' records, without the driver's plate or car
        // (the driver link itself is cleared by the foreign key).
        await tx
          .update(bookings)
          .set({ licensePlate: null, vehicleDescription: null })
          .where(eq(bookings.driverId, userId));
        // Feedback stays for the team, without the sender's name or address.
        await tx
          .update(feedback)
          .set({ userId: null, userName: 'Anonymous', email: null })
          .where(eq(feedback.userId, userId));
        await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
        await tx.delete(passwordAccounts).where(eq(passwordAccounts.userId, userId));
        // Sessions, social logins and reset tokens go with the user (ON DELETE CASCADE).
        await tx.delete(users).where(eq(users.id, userId));
      });
      return sessions.blankCookie();
    },
  };
}
