import { events } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { denverLocal, eventInput } from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';
import { EVENT_IMPORT_MESSAGES } from './event-management.service';

let handle: TestDatabase;
const ops = testUser('import-ops', { isAdmin: true });
const host = testUser('import-host');
const as = (user = ops) => createCaller(createContext({ db: handle.db, user }));
const rows = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    ...eventInput({ title: `${prefix} game ${i + 1}`, startLocal: denverLocal(10 + i) }),
    endLocal: denverLocal(10 + i, 22),
    importKey: `${prefix}-${i + 1}`,
  }));
const countBy = async (user: { id: string }) =>
  (await handle.db.select().from(events).where(eq(events.createdBy, user.id))).length;

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, ops, host);
});
afterAll(() => handle?.close());

describe('event.import', () => {
  it('makes each row once: importing the same rows again creates nothing', async () => {
    const first = await as().event.import({ events: rows('season', 5) });
    expect(first).toMatchObject({ created: 5, existing: 0 });
    const again = await as().event.import({ events: rows('season', 6) });
    expect(again).toMatchObject({ created: 1, existing: 5 });
    expect(again.events.slice(0, 5).map((e) => e.id)).toEqual(first.events.map((e) => e.id));
    expect(await countBy(ops)).toBe(6);
  });

  it('keeps keys per creator: another host importing the same keys gets their own events', async () => {
    expect((await as(host).event.import({ events: rows('season', 2) })).created).toBe(2);
    expect(await countBy(host)).toBe(2);
  });

  it('makes all of a batch or none of it', async () => {
    const batch = rows('storm', 3);
    batch[2] = { ...batch[2]!, importKey: batch[0]!.importKey };
    await expect(as().event.import({ events: batch })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: EVENT_IMPORT_MESSAGES.repeatedKey('storm-1'),
    });
    const late = rows('late', 2);
    late[1] = { ...late[1]!, startLocal: denverLocal(-3), endLocal: denverLocal(-3, 22) };
    await expect(as().event.import({ events: late })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const titles = (await handle.db.select({ title: events.title }).from(events)).map(
      (e) => e.title,
    );
    expect(titles.filter((t) => t.startsWith('storm') || t.startsWith('late'))).toEqual([]);
  });
});
