/**
 * Sessions kept by each server while it listens (decision 044), on PostgreSQL with two "servers"
 * on one database: a kept session costs no statement, and whatever changes what it stands for
 * (signing out, signing out everywhere, the user's name, the admins) reaches the other server as
 * the change commits.
 */
import { admins, sessions, users } from '@parkside/db';
import { registerInput } from '@parkside/validators';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ValidSession } from './lucia';
import { SessionKeeper } from './session-keeper';
import { harnessForFile, type AuthHarness } from './test-helpers';
import { hashToken } from './tokens';

let h: AuthHarness;
let counter = 0;

async function signedUp() {
  counter += 1;
  const input = registerInput.parse({
    name: `Kept ${counter}`,
    email: `kept${counter}@example.com`,
    password: 'correct horse battery',
    terms: 'on',
  });
  return h.auth.signUp(input, { ip: `198.51.100.${100 + counter}` });
}

/** Until `check` holds (a notification travels through PostgreSQL), at most `ms`. */
async function within(ms: number, check: () => Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not within ${ms} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

harnessForFile((harness) => (h = harness));

describe('sessions kept by a listening server', () => {
  it('answers a kept session without reading it again', async () => {
    const issued = await signedUp();
    expect((await h.otherServer.loadSession(issued.token))?.user?.email).toContain('kept');
    const kept = h.otherServer.sessions.keeper!;
    expect(kept.get(hashToken(issued.token))?.userId).toBe(issued.userId);
  });

  it('refuses a session signed out on the other server as the sign-out commits', async () => {
    const issued = await signedUp();
    expect(await h.otherServer.loadSession(issued.token)).not.toBeNull();
    await h.auth.signOut(hashToken(issued.token));
    await within(1_000, async () => (await h.otherServer.loadSession(issued.token)) === null);

    // Signed out on the keeping server itself: refused there at once.
    const again = await signedUp();
    expect(await h.otherServer.loadSession(again.token)).not.toBeNull();
    await h.otherServer.signOut(hashToken(again.token));
    expect(await h.otherServer.loadSession(again.token)).toBeNull();
  });

  it('refuses every session of a user signed out everywhere, and shows a renamed user', async () => {
    const first = await signedUp();
    const second = await h.auth.signIn(
      { email: `kept${counter}@example.com`, password: 'correct horse battery' },
      { ip: '198.51.100.250' },
    );
    for (const token of [first.token, second.token]) {
      expect(await h.otherServer.loadSession(token)).not.toBeNull();
    }
    await h.database.db.update(users).set({ name: 'Renamed' }).where(eq(users.id, first.userId));
    await within(
      1_000,
      async () => (await h.otherServer.loadSession(first.token))?.user?.name === 'Renamed',
    );
    await h.auth.signOutEverywhere(first.userId);
    await within(1_000, async () => (await h.otherServer.loadSession(second.token)) === null);
  });

  it('hears a change of the admins for everyone', async () => {
    const issued = await signedUp();
    expect((await h.otherServer.loadSession(issued.token))?.user?.isAdmin).toBe(false);
    await h.database.db.insert(admins).values({ email: `kept${counter}@example.com` });
    await within(
      1_000,
      async () => (await h.otherServer.loadSession(issued.token))?.user?.isAdmin === true,
    );
  });

  it('reads afresh when asked to, and keeps nothing while not listening', async () => {
    const issued = await signedUp();
    await h.otherServer.loadSession(issued.token);
    // Removed behind the servers' backs (no notification): a fresh read still sees it gone.
    await h.database.db.execute(
      sql`alter table sessions disable trigger sessions_session_changed_delete`,
    );
    try {
      await h.database.db.delete(sessions).where(eq(sessions.id, hashToken(issued.token)));
    } finally {
      await h.database.db.execute(
        sql`alter table sessions enable trigger sessions_session_changed_delete`,
      );
    }
    expect(await h.otherServer.loadSession(issued.token)).not.toBeNull();
    expect(await h.otherServer.loadSession(issued.token, { fresh: true })).toBeNull();

    const deaf = new SessionKeeper<ValidSession>();
    const session = {
      userId: 'u',
      expiresAt: new Date(Date.now() + 60_000),
    } as unknown as ValidSession;
    deaf.keep('id', session, deaf.mark());
    expect(deaf.size).toBe(0);
  });

  it('never keeps a session past its expiry or the keeping time', async () => {
    let now = 1_000_000;
    const keeper = new SessionKeeper<ValidSession>({ maxAgeMs: 5_000, now: () => now });
    const stop = await keeper.listen(h.database);
    try {
      const session = (expiresIn: number) =>
        ({ userId: 'u', expiresAt: new Date(now + expiresIn) }) as unknown as ValidSession;
      keeper.keep('soon', session(1_000), keeper.mark());
      keeper.keep('later', session(60_000), keeper.mark());
      // A lookup that overlapped a change is not kept.
      const mark = keeper.mark();
      keeper.changed('someone-else');
      keeper.keep('overlapped', session(60_000), mark);
      expect(keeper.get('overlapped')).toBeNull();
      now += 2_000;
      expect(keeper.get('soon')).toBeNull();
      expect(keeper.get('later')).not.toBeNull();
      now += 4_000;
      expect(keeper.get('later')).toBeNull();
    } finally {
      await stop();
    }
  });
});
