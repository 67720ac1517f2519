import { feedback } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import type { SessionUser } from '@parkside/core';
import { httpStatusOf, publicMessageOf } from '../../errors';
import { createCaller } from '../../root';
import { insertUsers, testUser } from '../../test-users';

let handle: TestDatabase;
const signedIn = testUser('fb-user', { email: 'robin@example.com', name: 'Robin Park' });
const admin: SessionUser = {
  ...signedIn,
  id: 'fb-admin',
  email: 'admin@example.com',
  isAdmin: true,
};

const api = (user: SessionUser | null, clientIp = '198.51.100.1') =>
  createCaller(createContext({ db: handle.db, user, clientIp }));

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, signedIn, admin);
});
afterAll(() => handle?.close());

describe('feedback.send', () => {
  it('stores a visitor as Anonymous with no user or e-mail, timed by the server', async () => {
    const before = Date.now();
    await api(null).feedback.send({ feedbackText: '  Parking near the stadium was easy!  ' });
    const [row] = await handle.db.select().from(feedback);
    expect(row).toMatchObject({
      userId: null,
      userName: 'Anonymous',
      email: null,
      feedbackText: 'Parking near the stadium was easy!',
      status: 'new',
    });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('stores a signed-in sender with id, name and e-mail', async () => {
    await api(signedIn).feedback.send({ feedbackText: 'Please add EV charging filters.' });
    const rows = await handle.db.select().from(feedback);
    expect(rows.find((r) => r.userId === 'fb-user')).toMatchObject({
      userName: 'Robin Park',
      email: 'robin@example.com',
    });
  });

  it('refuses empty, blank and over-long feedback with the customer message', async () => {
    const refusal = (text: string) =>
      api(null)
        .feedback.send({ feedbackText: text })
        .then(() => null)
        .catch((error: unknown) => ({
          status: httpStatusOf(error),
          message: publicMessageOf(error),
        }));
    expect(await refusal('   ')).toEqual({
      status: 400,
      message: 'feedbackText: Feedback cannot be empty.',
    });
    expect(await refusal('x'.repeat(1001))).toEqual({
      status: 400,
      message: 'feedbackText: Feedback must be at most 1000 characters.',
    });
    await expect(api(null).feedback.send({ feedbackText: 'x'.repeat(1000) })).resolves.toEqual({
      ok: true,
    });
  });

  it('answers a bot that fills the honeypot like a success and stores nothing', async () => {
    const count = (await handle.db.select().from(feedback)).length;
    await expect(
      api(null, '203.0.113.50').feedback.send({
        feedbackText: 'buy pills',
        website: 'http://spam.example',
      }),
    ).resolves.toEqual({ ok: true });
    expect((await handle.db.select().from(feedback)).length).toBe(count);
  });

  it('limits a sender to 5 messages per 10 minutes', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i += 1) await api(null, ip).feedback.send({ feedbackText: `Note ${i}` });
    await expect(api(null, ip).feedback.send({ feedbackText: 'one more' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    await expect(
      api(null, '203.0.113.78').feedback.send({ feedbackText: 'someone else' }),
    ).resolves.toEqual({ ok: true });
  });
});

describe('feedback for admins', () => {
  it('lists newest first and marks resolved, for admins only', async () => {
    await expect(api(signedIn).feedback.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(api(null).feedback.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const list = await api(admin).feedback.list();
    const times = list.map((f) => f.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    await expect(api(signedIn).feedback.resolve({ id: list[0]!.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await api(admin).feedback.resolve({ id: list[0]!.id });
    expect((await api(admin).feedback.list())[0]?.status).toBe('resolved');
    await expect(
      api(admin).feedback.resolve({ id: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('shows the overview figures to admins only', async () => {
    await expect(api(signedIn).admin.overview()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const overview = await api(admin).admin.overview();
    expect(overview.users).toBe(2);
    expect(overview.newFeedback).toBeGreaterThan(0);
  });
});
