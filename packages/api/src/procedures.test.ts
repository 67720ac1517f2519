import { users, type User } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from './context';
import type { SessionUser } from '@parkside/core';
import { createCaller } from './root';
import {
  adminProcedure,
  createCallerFactory,
  router,
  signedInProcedure,
  verifiedProcedure,
  VERIFICATION_REQUIRED_MESSAGE,
} from './trpc';

let handle: TestDatabase;

const base: User = {
  id: 'u1',
  email: 'kim@example.com',
  name: 'Kim',
  isHost: false,
  emailVerified: false,
  createdAt: new Date(),
  termsAccepted: true,
  termsAcceptedAt: new Date(),
  phoneNumber: null,
  profileImageUrl: null,
  address: null,
};
const unverified: SessionUser = { ...base, isAdmin: false };
const verified: SessionUser = { ...base, emailVerified: true, isAdmin: false };
const admin: SessionUser = { ...base, emailVerified: true, isAdmin: true };

const probe = createCallerFactory(
  router({
    signedIn: signedInProcedure.query(({ ctx }) => ctx.user.id),
    verified: verifiedProcedure.query(() => 'ok'),
    admin: adminProcedure.query(() => 'ok'),
  }),
);

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(users).values(base);
});
afterAll(() => handle?.close());

const as = (user: SessionUser | null) => probe(createContext({ db: handle.db, user }));

describe('procedure kinds', () => {
  it('signed-in refuses a visitor with 401', async () => {
    await expect(as(null).signedIn()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(as(unverified).signedIn()).resolves.toBe('u1');
  });

  it('verified refuses an unverified user with 403 and the spec text', async () => {
    await expect(as(null).verified()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(as(unverified).verified()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: VERIFICATION_REQUIRED_MESSAGE,
    });
    expect(VERIFICATION_REQUIRED_MESSAGE).toBe(
      'Please verify your email address to access this feature...',
    );
    await expect(as(verified).verified()).resolves.toBe('ok');
  });

  it('admin refuses everyone not in admins with 403, whatever else they are', async () => {
    await expect(as(null).admin()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(as(verified).admin()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(admin).admin()).resolves.toBe('ok');
  });
});

describe('account', () => {
  const api = (user: SessionUser | null) => createCaller(createContext({ db: handle.db, user }));

  it('shows the signed-in user without credentials, and nothing to a visitor', async () => {
    await expect(api(null).account.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const me = await api(unverified).account.me();
    expect(me).toMatchObject({
      id: 'u1',
      email: 'kim@example.com',
      isAdmin: false,
      emailVerified: false,
    });
    expect(Object.keys(me)).not.toContain('passwordHash');
  });

  it('updates the profile, clears emptied fields, and refuses oversized input', async () => {
    const updated = await api(unverified).account.updateProfile({
      name: '  Kim Lee ',
      phoneNumber: '+1 801 555 0100',
      address: '1 Main St',
    });
    expect(updated).toMatchObject({
      name: 'Kim Lee',
      phoneNumber: '+1 801 555 0100',
      address: '1 Main St',
    });
    const cleared = await api(unverified).account.updateProfile({
      name: 'Kim Lee',
      phoneNumber: '',
      address: '',
    });
    expect(cleared).toMatchObject({ phoneNumber: null, address: null });
    await expect(
      api(unverified).account.updateProfile({ name: 'x'.repeat(81) }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('makes the user a host', async () => {
    await api(unverified).account.becomeHost();
    const [row] = await handle.db.select().from(users);
    expect(row?.isHost).toBe(true);
  });
});
