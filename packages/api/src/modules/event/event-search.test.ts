import { events, type NewEvent } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { STADIUM } from '../../test-marketplace';

let handle: TestDatabase;
let api: ReturnType<typeof createCaller>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();

/** An event at the stadium starting `startsInHours` from now (default 2 days), `hours` long. */
function event({
  startsInHours = 48,
  hours = 3,
  ...overrides
}: Partial<NewEvent> & {
  slug: string;
  title: string;
  startsInHours?: number;
  hours?: number;
}): NewEvent {
  const startsAt = now + startsInHours * HOUR;
  return {
    ...STADIUM,
    startsAt: new Date(startsAt),
    endsAt: new Date(startsAt + hours * HOUR),
    expectedAttendance: 50_000,
    ...overrides,
  };
}

beforeAll(async () => {
  handle = await createTestDatabase();
  api = createCaller(createContext({ db: handle.db }));
  await handle.db.insert(events).values([
    event({
      slug: 'sof',
      title: 'Stadium of Fire',
      startsInHours: 10 * 24,
      hours: 3,
    }),
    event({
      slug: 'football',
      title: 'BYU Cougars vs. Utah Utes',
      startsInHours: 3 * 24,
      hours: 4,
    }),
    event({
      slug: 'lanterns',
      title: 'Water Lantern Festival Portland',
      venueName: 'Laurelhurst Park',
      city: 'Portland',
      region: 'OR',
      timeZone: 'America/Los_Angeles',
      startsInHours: 5 * 24,
      hours: 4,
    }),
    // In progress: started an hour ago, still upcoming until it ends.
    event({
      slug: 'now',
      title: 'Orem Summerfest',
      venueName: 'City Center Park',
      city: 'Orem',
      startsInHours: -1,
      hours: 6,
    }),
    event({
      slug: 'past',
      title: 'Past Parade',
      startsInHours: -3 * 24,
      hours: 1,
    }),
    event({ slug: 'cancelled', title: 'Cancelled Concert', status: 'cancelled' }),
    event({ slug: 'archived', title: 'Archived Marathon', status: 'archived' }),
  ]);
});

afterAll(() => handle?.close());

describe('event.list', () => {
  it('lists only upcoming scheduled events, soonest first', async () => {
    const page = await api.event.list({});
    expect(page.items.map((e) => e.slug)).toEqual(['now', 'football', 'lanterns', 'sof']);
    expect(page.nextCursor).toBeNull();
    expect(page.items[2]).toMatchObject({
      title: 'Water Lantern Festival Portland',
      venueName: 'Laurelhurst Park',
      city: 'Portland',
      timeZone: 'America/Los_Angeles',
    });
    expect(typeof page.items[0]?.startsAt).toBe('string');
  });

  it('finds events by title, venue or city, ignoring case', async () => {
    expect((await api.event.list({ q: 'STADIUM of' })).items.map((e) => e.slug)).toEqual(['sof']);
    expect((await api.event.list({ q: 'laurelhurst' })).items.map((e) => e.slug)).toEqual([
      'lanterns',
    ]);
    expect((await api.event.list({ q: 'orem' })).items.map((e) => e.slug)).toEqual(['now']);
  });

  it('finds the right city: a whole word beats a word it begins, which beats a typo', async () => {
    // Two more events, for this test only (the others count every event).
    const added = await handle.db
      .insert(events)
      .values([
        event({
          slug: 'timbers',
          title: 'Timbers at Providence Park',
          venueName: 'Providence Park',
          city: 'Portland',
          region: 'OR',
          timeZone: 'America/Los_Angeles',
          startsInHours: 6 * 24,
        }),
        event({
          slug: 'provo-rodeo',
          title: 'Rodeo Night',
          venueName: 'Provo Arena',
          city: 'Provo',
          startsInHours: 7 * 24,
        }),
      ])
      .returning({ id: events.id });
    const found = async (q: string) => (await api.event.list({ q })).items.map((e) => e.slug);
    // Query, the events it must return, and those it must not.
    const table: [string, string[], string[]][] = [
      ['provo', ['provo-rodeo'], ['timbers']],
      ['PROVO', ['provo-rodeo'], ['timbers']],
      ['prov', ['timbers', 'provo-rodeo'], []],
      ['providence', ['timbers'], ['provo-rodeo']],
      ['portland', ['lanterns', 'timbers'], ['provo-rodeo']],
      ['stadim', ['football', 'sof'], []],
      ['provo arena', ['provo-rodeo'], ['timbers']],
    ];
    try {
      for (const [q, must, mustNot] of table) {
        const slugs = await found(q);
        expect(slugs, q).toEqual(expect.arrayContaining(must));
        for (const slug of mustNot) expect(slugs, q).not.toContain(slug);
      }
    } finally {
      for (const { id } of added) await handle.db.delete(events).where(eq(events.id, id));
    }
  });

  it('tolerates typos and needs every word to match', async () => {
    expect((await api.event.list({ q: 'stadum fire' })).items.map((e) => e.slug)).toEqual(['sof']);
    expect((await api.event.list({ q: 'cougars portland' })).items).toEqual([]);
  });

  it('finds a word still being typed', async () => {
    expect((await api.event.list({ q: 'stad' })).items.map((e) => e.slug)).toEqual([
      'football',
      'sof',
    ]);
    expect((await api.event.list({ q: 'stadium of f' })).items.map((e) => e.slug)).toEqual(['sof']);
  });

  it('finds events by words that are new or changed after they were registered', async () => {
    await handle.db.insert(events).values(
      event({
        slug: 'rodeo',
        title: 'Springville Rodeo',
        startsAt: new Date(now + 20 * DAY),
        endsAt: new Date(now + 20 * DAY + 3 * HOUR),
      }),
    );
    expect((await api.event.list({ q: 'springvile' })).items.map((e) => e.slug)).toEqual(['rodeo']);
    await handle.db.update(events).set({ title: 'Mapleton Rodeo' }).where(eq(events.slug, 'rodeo'));
    expect((await api.event.list({ q: 'maplton rodeo' })).items.map((e) => e.slug)).toEqual([
      'rodeo',
    ]);
    expect((await api.event.list({ q: 'springville' })).items).toEqual([]);
    await handle.db.delete(events).where(eq(events.slug, 'rodeo'));
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await api.event.list({ q: '%' })).items).toEqual([]);
    expect((await api.event.list({ q: '_' })).items).toEqual([]);
  });

  it('filters by calendar day in the event time zone', async () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
      new Date(now + 5 * DAY),
    );
    const page = await api.event.list({ from: day, to: day });
    expect(page.items.map((e) => e.slug)).toEqual(['lanterns']);
  });

  it('pages through results with a cursor, without gaps or repeats', async () => {
    const first = await api.event.list({ limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await api.event.list({ limit: 3, cursor: first.nextCursor! });
    expect(second.items.map((e) => e.slug)).toEqual(['sof']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a forged cursor with a clear message', async () => {
    await expect(api.event.list({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'That page link is invalid. Start again from the first page.',
    });
  });

  it('refuses oversized and mistyped input as a bad request', async () => {
    const tooLong = api.event.list({ q: 'x'.repeat(10_000) });
    await expect(tooLong).rejects.toBeInstanceOf(TRPCError);
    await expect(tooLong).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // @ts-expect-error wrong type on purpose
    await expect(api.event.list({ limit: 'ten' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('event.byId', () => {
  it('returns one event, including a cancelled one', async () => {
    const [cancelled] = await handle.db
      .select()
      .from(events)
      .where((await import('drizzle-orm')).eq(events.slug, 'cancelled'));
    const found = await api.event.byId({ id: cancelled!.id });
    expect(found).toMatchObject({ title: 'Cancelled Concert', status: 'cancelled' });
  });

  it('answers NOT_FOUND for an unknown id and BAD_REQUEST for a malformed one', async () => {
    await expect(
      api.event.byId({ id: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Event not found.',
    });
    await expect(api.event.byId({ id: 'nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('event.bySlug', () => {
  it('finds an event by its slug and refuses malformed slugs', async () => {
    expect(await api.event.bySlug({ slug: 'sof' })).toMatchObject({ title: 'Stadium of Fire' });
    await expect(api.event.bySlug({ slug: 'missing' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(api.event.bySlug({ slug: '../etc' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('system.health', () => {
  it('reports the database as up, and down once it is closed', async () => {
    expect(await api.system.health()).toEqual({ database: 'up' });
    const other = await createTestDatabase();
    const otherApi = createCaller(createContext({ db: other.db }));
    await other.close();
    expect(await otherApi.system.health()).toEqual({ database: 'down' });
  });
});
