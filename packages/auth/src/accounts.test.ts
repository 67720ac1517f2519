import { admins, passwordAccounts, sessions, users } from '@parkside/db';
import { registerInput } from '@parkside/validators';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './errors';
import { loadUser, USER_READ_ATTEMPTS, USER_READ_RETRY_DELAY_MS } from './load-user';
import { harnessForFile, tokenFromEmail, type AuthHarness } from './test-helpers';
import { hashToken } from './tokens';

let h: AuthHarness;
const client = { ip: '203.0.113.7' };
let counter = 0;

function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return registerInput.parse({
    name: `Driver ${counter}`,
    email: `driver${counter}@example.com`,
    password: 'correct horse battery',
    terms: 'on',
    ...overrides,
  });
}

async function signUp({ next, ...overrides }: Record<string, unknown> & { next?: string } = {}) {
  const input = newUser(overrides);
  const issued = await h.auth.signUp(input, { ip: `198.51.100.${counter}` }, next);
  return { input, issued };
}

harnessForFile((harness) => (h = harness));

describe('sign-up', () => {
  it('creates the account, e-mails a verification link, writes an unverified user and signs in', async () => {
    const { input, issued } = await signUp({ phoneNumber: '(801) 555-0123' });
    const mail = await h.smtp.waitFor((m) => m.to.includes(input.email));
    expect(mail.subject).toBe('Verify your email for Parkside');
    expect(mail.text).toContain('http://parkside.test/verify-email?token=');

    const [user] = await h.database.db.select().from(users).where(eq(users.id, issued.userId));
    expect(user).toMatchObject({
      email: input.email,
      name: input.name,
      isHost: false,
      emailVerified: false,
      termsAccepted: true,
      phoneNumber: '(801) 555-0123',
      address: null,
      profileImageUrl: null,
    });
    expect(user?.termsAcceptedAt).toBeInstanceOf(Date);
    expect(issued.emailSent).toBe(true);
    expect(issued.cookie).toMatch(/^parkside_session=[^;]+; .*HttpOnly/i);
    expect(issued.cookie).toMatch(/SameSite=Lax/i);

    const loaded = await h.auth.loadSession(issued.token);
    expect(loaded?.user?.id).toBe(issued.userId);
  });

  it('stores the password with Argon2id and the session only as a hash', async () => {
    const { issued } = await signUp();
    const [account] = await h.database.db
      .select()
      .from(passwordAccounts)
      .where(eq(passwordAccounts.userId, issued.userId));
    expect(account?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const stored = await h.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, issued.userId));
    expect(stored.map((s) => s.id)).toEqual([hashToken(issued.token)]);
  });

  it('keeps the account when the mail server fails', async () => {
    h.smtp.setFailing(true);
    try {
      const { input, issued } = await signUp();
      expect(issued.emailSent).toBe(false);
      const [user] = await h.database.db.select().from(users).where(eq(users.email, input.email));
      expect(user?.emailVerified).toBe(false);
      await expect(h.auth.signIn(input)).resolves.toMatchObject({ userId: issued.userId });
    } finally {
      h.smtp.setFailing(false);
    }
  });

  it('limits sign-ups per client address', async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < 20; i += 1) await h.auth.signUp(newUser(), { ip });
    await expect(h.auth.signUp(newUser(), { ip })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(
        /^Too many new accounts from your network\. Please try again in \d+ minutes\.$/,
      ),
    });
    await expect(h.auth.signUp(newUser(), { ip: '192.0.2.100' })).resolves.toBeTruthy();
  });

  it('refuses an address that already has an account', async () => {
    const { input } = await signUp();
    await expect(h.auth.signUp({ ...input, name: 'Someone else' }, client)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: AUTH_MESSAGES.emailTaken,
    });
  });
});

describe('sign-in', () => {
  it('fails for an e-mail with no account with the customer message', async () => {
    await expect(
      h.auth.signIn({ email: 'nobody@example.com', password: 'whatever1' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'User account not found. Please try signing up first.',
    });
  });

  it('fails for a wrong password and succeeds with the right one', async () => {
    const { input } = await signUp();
    await expect(
      h.auth.signIn({ email: input.email, password: 'wrong password' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: AUTH_MESSAGES.wrongPassword,
    });
    const session = await h.auth.signIn(input);
    expect((await h.auth.loadSession(session.token))?.user?.email).toBe(input.email);
  });

  it('fails with the customer message when the user row never appears, after 5 reads 200 ms apart', async () => {
    const { input, issued } = await signUp();
    await h.database.db.delete(users).where(eq(users.id, issued.userId));
    const started = Date.now();
    await expect(h.auth.signIn(input)).rejects.toMatchObject({
      message: AUTH_MESSAGES.userNotFound,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(
      (USER_READ_ATTEMPTS - 1) * USER_READ_RETRY_DELAY_MS - 20,
    );
  });

  it('waits for a user row that is still being written', async () => {
    const { issued } = await signUp();
    const [row] = await h.database.db.delete(users).where(eq(users.id, issued.userId)).returning();
    // The first read misses; the row appears before the retries run out.
    const loading = loadUser(h.database.db, issued.userId);
    await new Promise((resolve) => setTimeout(resolve, USER_READ_RETRY_DELAY_MS + 50));
    await h.database.db.insert(users).values(row!);
    expect((await loading)?.id).toBe(issued.userId);
  });

  it('refuses the 11th failed attempt within 15 minutes, across two app servers', async () => {
    const { input } = await signUp();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const server = attempt % 2 ? h.auth : h.otherServer;
      await expect(
        server.signIn({ email: input.email, password: `wrong ${attempt}` }),
      ).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    // Even the right password is refused now, on either server.
    for (const server of [h.auth, h.otherServer]) {
      await expect(server.signIn(input)).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(
          /^Too many failed sign-in attempts for this email\..* 15 minutes\.$/,
        ),
      });
    }
  });

  it('limits failed sign-ins per client address, and still lets a right password in from it', async () => {
    const { input } = await signUp();
    const shared = { ip: `198.51.100.${Math.floor(Math.random() * 200)}` };
    const unknown = (n: number) => ({
      email: `nobody-${n}-${Date.now()}@example.com`,
      password: 'guess',
    });
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const server = attempt % 2 ? h.auth : h.otherServer;
      await expect(server.signIn(unknown(attempt), shared)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    // Past the limit, a failure no longer says whether the e-mail has an account, and says when
    // to try again (Retry-After), on either server.
    for (const server of [h.auth, h.otherServer]) {
      const refused = await server.signIn(unknown(99), shared).catch((error: unknown) => error);
      expect(refused).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(/^Too many failed sign-in attempts from your network\./),
      });
      expect((refused as { retryAfterSeconds?: number }).retryAfterSeconds).toBeGreaterThan(0);
    }
    // Someone else behind the same address signs in with their right password.
    await expect(h.auth.signIn(input, shared)).resolves.toBeTruthy();
    // Another address is not affected.
    await expect(h.auth.signIn(unknown(100), { ip: '203.0.113.7' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('clears the failure count after a successful sign-in', async () => {
    const { input } = await signUp();
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      await h.auth.signIn({ email: input.email, password: 'nope nope' }).catch(() => {});
    }
    await h.auth.signIn(input);
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      await h.auth.signIn({ email: input.email, password: 'nope nope' }).catch(() => {});
    }
    await expect(h.auth.signIn(input)).resolves.toBeTruthy();
  });
});

describe('e-mail verification', () => {
  it('verifies with the e-mailed link, rotates the session, and works once', async () => {
    const { input, issued } = await signUp();
    const mail = await h.smtp.waitFor((m) => m.to.includes(input.email));
    const token = tokenFromEmail(mail.text);
    const before = await h.auth.loadSession(issued.token);

    const result = await h.auth.verifyEmail(token, {
      sessionId: before!.session.id,
      userId: issued.userId,
    });
    expect(result.session).not.toBeNull();
    expect(await h.auth.loadSession(issued.token)).toBeNull();
    const after = await h.auth.loadSession(result.session!.token);
    expect(after?.user?.emailVerified).toBe(true);

    await expect(h.auth.verifyEmail(token, null)).rejects.toMatchObject({
      message: AUTH_MESSAGES.invalidLink,
    });
  });

  it('verifies with the e-mailed code typed by the signed-in person, and limits wrong codes', async () => {
    const { input, issued } = await signUp();
    const mail = await h.smtp.waitFor((m) => m.to.includes(input.email));
    const code = /Or type this code on Parkside: (\d{3} \d{3})/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    const current = async (token: string) => {
      const loaded = await h.auth.loadSession(token);
      return { sessionId: loaded!.session.id, userId: loaded!.user!.id };
    };
    const wrong = code!.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    await expect(h.auth.verifyEmailCode(wrong, await current(issued.token))).rejects.toMatchObject({
      message: AUTH_MESSAGES.wrongCode,
    });
    const session = await h.auth.verifyEmailCode(code!, await current(issued.token));
    expect((await h.auth.loadSession(session.token))?.user?.emailVerified).toBe(true);
    expect(await h.auth.loadSession(issued.token)).toBeNull();
    // Used: the link of the same e-mail no longer works either.
    await expect(h.auth.verifyEmail(tokenFromEmail(mail.text), null)).rejects.toMatchObject({
      message: AUTH_MESSAGES.invalidLink,
    });

    const other = await signUp();
    const who = await current(other.issued.token);
    for (let i = 0; i < 5; i++) {
      await expect(h.auth.verifyEmailCode('000 000', who)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    await expect(h.auth.verifyEmailCode('000 000', who)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('leads the link back to the page the person was on', async () => {
    const { input } = await signUp({ next: '/booking-confirmation?listing=abc' });
    const mail = await h.smtp.waitFor((m) => m.to.includes(input.email));
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(link.searchParams.get('next')).toBe('/booking-confirmation?listing=abc');
  });

  it('takes a corrected address before verification; the old e-mail stops working', async () => {
    const { input, issued } = await signUp();
    const first = await h.smtp.waitFor((m) => m.to.includes(input.email));
    const user = (await h.auth.loadSession(issued.token))!.user!;
    const fixed = `fixed-${input.email}`;
    await expect(h.auth.changeUnverifiedEmail(user, fixed)).resolves.toMatchObject({ sent: true });
    const second = await h.smtp.waitFor((m) => m.to.includes(fixed));
    expect(second.text).toContain('Or type this code on Parkside');
    await expect(h.auth.verifyEmail(tokenFromEmail(first.text), null)).rejects.toMatchObject({
      message: AUTH_MESSAGES.invalidLink,
    });
    const taken = await signUp();
    await expect(
      h.auth.changeUnverifiedEmail({ ...user, email: fixed }, taken.input.email),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await h.auth.verifyEmail(tokenFromEmail(second.text), null);
    const verified = (await h.auth.loadSession(issued.token))!.user!;
    expect(verified).toMatchObject({ email: fixed, emailVerified: true });
    await expect(h.auth.changeUnverifiedEmail(verified, 'again@example.com')).rejects.toMatchObject(
      { code: 'CONFLICT' },
    );
  });

  it('refuses an unknown or expired link', async () => {
    await expect(h.auth.verifyEmail('made-up-token', null)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('resends with the spec texts, rate limited, and reports a failing mail server', async () => {
    const { issued } = await signUp();
    const user = (await h.auth.loadSession(issued.token))!.user!;
    await expect(h.auth.resendVerification(user)).resolves.toEqual({
      sent: true,
      message: 'Verification email sent! Please check your inbox.',
    });
    h.smtp.setFailing(true);
    await expect(h.auth.resendVerification(user)).resolves.toEqual({
      sent: false,
      message: 'Failed to send verification email. Please try again later.',
    });
    h.smtp.setFailing(false);
    await h.auth.resendVerification(user);
    await expect(h.auth.resendVerification(user)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });
});

describe('loading the user of a session', () => {
  it('syncs the stored emailVerified with the account when they differ', async () => {
    const { issued } = await signUp();
    await h.database.db
      .update(passwordAccounts)
      .set({ emailVerified: true })
      .where(eq(passwordAccounts.userId, issued.userId));
    expect((await h.auth.loadSession(issued.token))?.user?.emailVerified).toBe(true);
    const [row] = await h.database.db.select().from(users).where(eq(users.id, issued.userId));
    expect(row?.emailVerified).toBe(true);
  });

  it('derives isAdmin from the admins table only', async () => {
    const { input, issued } = await signUp();
    expect((await loadUser(h.database.db, issued.userId))?.isAdmin).toBe(false);
    await h.database.db.insert(admins).values({ email: input.email });
    expect((await loadUser(h.database.db, issued.userId))?.isAdmin).toBe(true);
    await h.database.db.delete(admins).where(eq(admins.email, input.email));
    expect((await loadUser(h.database.db, issued.userId))?.isAdmin).toBe(false);
  });
});

describe('a session on each request', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const setExpiry = (token: string, expiresAt: Date) =>
    h.database.db
      .update(sessions)
      .set({ expiresAt })
      .where(eq(sessions.id, hashToken(token)));

  it('reads the user with the session: an admin is one from the next request on', async () => {
    const { input, issued } = await signUp();
    expect((await h.auth.loadSession(issued.token))?.user).toMatchObject({
      id: issued.userId,
      email: input.email,
      isAdmin: false,
    });
    await h.database.db.insert(admins).values({ email: input.email });
    expect((await h.auth.loadSession(issued.token))?.user?.isAdmin).toBe(true);
  });

  it('slides a session past half its life, keeps a younger one, and ends an expired one', async () => {
    const { issued } = await signUp();
    const young = await h.auth.loadSession(issued.token);
    expect(young?.refreshCookie).toBeNull();

    const old = new Date(Date.now() + 10 * DAY);
    await setExpiry(issued.token, old);
    const slid = await h.auth.loadSession(issued.token);
    expect(slid?.refreshCookie).toMatch(/^parkside_session=/);
    expect(slid!.session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);

    await setExpiry(issued.token, new Date(Date.now() - 1000));
    expect(await h.auth.loadSession(issued.token)).toBeNull();
    const left = await h.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(issued.token)));
    expect(left).toEqual([]);
  });

  it('ends at once when the user signs out everywhere', async () => {
    const { issued } = await signUp();
    const second = await h.auth.sessions.create(issued.userId);
    expect(await h.auth.loadSession(second.token)).not.toBeNull();
    await h.auth.signOutEverywhere(issued.userId);
    expect(await h.auth.loadSession(issued.token)).toBeNull();
    expect(await h.auth.loadSession(second.token)).toBeNull();
  });
});

describe('password reset and change', () => {
  it('answers the same for unknown addresses and sends nothing', async () => {
    const before = h.smtp.messages.length;
    await expect(h.auth.requestPasswordReset('ghost@example.com', client)).resolves.toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.smtp.messages.length).toBe(before);
  });

  it('sets a new password from the e-mailed link and ends every other session', async () => {
    const { input, issued } = await signUp();
    const otherDevice = await h.auth.signIn(input);
    await h.auth.requestPasswordReset(input.email, client);
    const mail = await h.smtp.waitFor(
      (m) => m.to.includes(input.email) && m.subject === 'Reset your Parkside password',
    );
    const token = tokenFromEmail(mail.text);
    expect(await h.auth.isResetTokenValid(token)).toBe(true);

    const fresh = await h.auth.resetPassword(token, 'a brand new secret');
    expect(await h.auth.loadSession(issued.token)).toBeNull();
    expect(await h.auth.loadSession(otherDevice.token)).toBeNull();
    expect((await h.auth.loadSession(fresh.token))?.user?.emailVerified).toBe(true);
    await expect(h.auth.signIn(input)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(
      h.auth.signIn({ email: input.email, password: 'a brand new secret' }),
    ).resolves.toBeTruthy();
    await expect(h.auth.resetPassword(token, 'again and again')).rejects.toMatchObject({
      message: AUTH_MESSAGES.invalidLink,
    });
  });

  it('changes the password only with the current one, and replaces every session', async () => {
    const { input, issued } = await signUp();
    const user = (await h.auth.loadSession(issued.token))!.user!;
    await expect(
      h.auth.changePassword(user, 'not it at all', 'new password 1'),
    ).rejects.toMatchObject({
      message: AUTH_MESSAGES.wrongCurrentPassword,
    });
    const next = await h.auth.changePassword(user, input.password, 'new password 1');
    expect(await h.auth.loadSession(issued.token)).toBeNull();
    expect(await h.auth.loadSession(next.token)).not.toBeNull();
    await h.smtp.waitFor(
      (m) => m.to.includes(input.email) && m.subject === 'Your Parkside password was changed',
    );
  });
});

describe('social sign-in', () => {
  const profile = (n: number, emailVerified = true) => ({
    providerUserId: `oidc-${n}`,
    email: `social${n}@example.com`,
    emailVerified,
    name: `Social Person ${n}`,
    picture: `https://images.example.com/${n}.png`,
  });

  it('creates a new user with the provider name and photo, not a host, terms accepted', async () => {
    const issued = await h.auth.socialSignIn('oidc', profile(1));
    const [user] = await h.database.db.select().from(users).where(eq(users.id, issued.userId));
    expect(user).toMatchObject({
      email: 'social1@example.com',
      name: 'Social Person 1',
      profileImageUrl: 'https://images.example.com/1.png',
      isHost: false,
      termsAccepted: true,
      emailVerified: true,
    });
  });

  it('syncs emailVerified of an existing user with the provider on every sign-in', async () => {
    const first = await h.auth.socialSignIn('oidc', profile(2, false));
    expect((await h.auth.loadSession(first.token))?.user?.emailVerified).toBe(false);
    const second = await h.auth.socialSignIn('oidc', profile(2, true));
    expect(second.userId).toBe(first.userId);
    expect((await h.auth.loadSession(second.token))?.user?.emailVerified).toBe(true);
  });

  it('links to an e-mail account only when the provider verified the address', async () => {
    const { input, issued } = await signUp({ email: 'social3@example.com' });
    await expect(h.auth.socialSignIn('oidc', profile(3, false))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: AUTH_MESSAGES.linkRequiresPassword,
    });
    const linked = await h.auth.socialSignIn('oidc', profile(3, true));
    expect(linked.userId).toBe(issued.userId);
    await expect(h.auth.signIn(input)).resolves.toMatchObject({ userId: issued.userId });
  });
});

describe('deleting an account', () => {
  it('keeps past bookings without the driver’s personal data', async () => {
    const { bookings, driveways, events, listings } = await import('@parkside/db');
    const { issued } = await signUp();
    const start = new Date(Date.now() - 48 * 3_600_000);
    const [event] = await h.database.db
      .insert(events)
      .values({
        title: 'Past game',
        slug: `past-game-${issued.userId}`,
        venueName: 'Stadium',
        street: '1 Main',
        city: 'Provo',
        region: 'UT',
        postalCode: '84604',
        latitude: 40,
        longitude: -111,
        timeZone: 'America/Denver',
        startsAt: start,
        endsAt: new Date(start.getTime() + 3_600_000),
        expectedAttendance: 1000,
      })
      .returning();
    const [driveway] = await h.database.db
      .insert(driveways)
      .values({
        title: 'Spot',
        street: '2 Main',
        city: 'Provo',
        region: 'UT',
        postalCode: '84604',
        latitude: 40,
        longitude: -111,
        capacity: 2,
      })
      .returning();
    const [listing] = await h.database.db
      .insert(listings)
      .values({
        drivewayId: driveway!.id,
        location: { x: driveway!.longitude, y: driveway!.latitude },
        eventId: event!.id,
        priceCents: 1500,
        spacesOffered: 2,
        availableFrom: start,
        availableTo: new Date(start.getTime() + 7_200_000),
      })
      .returning();
    const [booking] = await h.database.db
      .insert(bookings)
      .values({
        listingId: listing!.id,
        eventId: event!.id,
        driverId: issued.userId,
        priceCents: 1500,
        platformFeeCents: 225,
        hostPayoutCents: 1275,
        licensePlate: 'ABC123',
        vehicleDescription: 'Red Honda Civic',
        paymentStatus: 'due_on_arrival',
        idempotencyKey: 'delete-test-1',
      })
      .returning();
    await h.auth.deleteAccount(issued.userId);
    const [kept] = await h.database.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(kept).toMatchObject({
      driverId: null,
      licensePlate: null,
      vehicleDescription: null,
      priceCents: 1500,
      status: 'confirmed',
    });
  });

  it('removes the user, its sessions and its password login', async () => {
    const { input, issued } = await signUp();
    await h.auth.deleteAccount(issued.userId);
    expect(await h.auth.loadSession(issued.token)).toBeNull();
    await expect(h.auth.signIn(input)).rejects.toMatchObject({
      message: AUTH_MESSAGES.userNotFound,
    });
  });
});

describe('demo accounts', () => {
  it('seeds a driver, a host and an admin that can sign in, idempotently', async () => {
    const { seedDemoAccounts } = await import('./seed');
    await seedDemoAccounts(h.database.db);
    const printed = await seedDemoAccounts(h.database.db);
    expect(printed.map((a) => a.role)).toEqual(['driver', 'host', 'admin']);
    for (const account of printed) {
      const session = await h.auth.signIn(account);
      const user = (await h.auth.loadSession(session.token))!.user!;
      expect(user.emailVerified).toBe(true);
      expect(user.isAdmin).toBe(account.role === 'admin');
      expect(user.isHost).toBe(account.role === 'host');
    }
  });
});
