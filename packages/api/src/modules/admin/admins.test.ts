import { loadUser } from '@parkside/auth';
import { admins, users } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { testUser } from '../../test-users';
import { ADMIN_MESSAGES } from './admins.service';

let handle: TestDatabase;
const admin = testUser('first-admin', { isAdmin: true });
const api = () => createCaller(createContext({ db: handle.db, user: admin }));

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(admins).values({ email: admin.email });
});
afterAll(() => handle?.close());

describe('admins by e-mail', () => {
  it('grants an e-mail with no account yet; whoever signs up with it is an admin', async () => {
    expect(await api().admin.grantAdmin({ email: 'New.Ops@Example.com' })).toEqual({
      email: 'new.ops@example.com',
      granted: true,
    });
    // Granting again changes nothing.
    expect((await api().admin.grantAdmin({ email: 'new.ops@example.com' })).granted).toBe(false);
    const { isAdmin: _isAdmin, ...row } = testUser('new-ops', { email: 'new.ops@example.com' });
    await handle.db.insert(users).values(row);
    expect((await loadUser(handle.db, 'new-ops'))!.isAdmin).toBe(true);
  });

  it('revokes, effective on the next request, but never the last admin', async () => {
    await api().admin.revokeAdmin({ email: 'new.ops@example.com' });
    expect((await loadUser(handle.db, 'new-ops'))!.isAdmin).toBe(false);
    await expect(api().admin.revokeAdmin({ email: 'new.ops@example.com' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: ADMIN_MESSAGES.notAdmin,
    });
    await expect(api().admin.revokeAdmin({ email: admin.email })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: ADMIN_MESSAGES.lastAdmin,
    });
    expect(await handle.db.select().from(admins)).toHaveLength(1);
  });

  it('lets two admins revoke each other at once without leaving none', async () => {
    await api().admin.grantAdmin({ email: 'second@example.com' });
    const results = await Promise.allSettled([
      api().admin.revokeAdmin({ email: admin.email }),
      api().admin.revokeAdmin({ email: 'second@example.com' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await handle.db.select().from(admins)).toHaveLength(1);
    await handle.db.insert(admins).values({ email: admin.email }).onConflictDoNothing();
  });
});
