import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnsOf } from './columns';
import { events } from './schema';
import { seedDemoData } from './seed';
import { createTestDatabase, type TestDatabase } from './testing';

let handle: TestDatabase;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemoData(handle.db);
});
afterAll(() => handle?.close());

describe('columnsOf', () => {
  it('selects exactly the named columns, typed as the table has them', async () => {
    const [event] = await handle.db
      .select(columnsOf(events, 'id title startsAt'))
      .from(events)
      .where(eq(events.status, 'scheduled'))
      .limit(1);
    expect(Object.keys(event!).sort()).toEqual(['id', 'startsAt', 'title']);
    expect(event!.startsAt).toBeInstanceOf(Date);
    expect(typeof event!.title).toBe('string');
  });

  it('refuses a name that is not a column, at compile time and at run time', () => {
    // @ts-expect-error "titel" is not a column of events
    expect(() => columnsOf(events, 'id titel')).toThrow('columnsOf: no column "titel"');
  });
});
