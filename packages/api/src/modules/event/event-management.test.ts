import { bookings, driveways, emailJobs, events, type NewEvent } from '@parkside/db';
import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import {
  instantToLocalDateTime,
  MY_EVENTS_PAGE_SIZE,
  type EventCreateRequest,
  type EventStatus,
} from '@parkside/validators';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import type { SessionUser } from '@parkside/core';
import { fieldErrorsOf } from '../../errors';
import { createCaller } from '../../root';
import { ADMIN_REQUIRED_MESSAGE, VERIFICATION_REQUIRED_MESSAGE } from '../../trpc';
import {
  denverLocal,
  eventInput,
  insertListing,
  makeEvent,
  NEAR_STADIUM,
  paidByCard,
} from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';
import {
  BOOKED_EVENT_MOVE_MESSAGE,
  EDIT_CLOSED_MESSAGE,
  slugify,
} from './event-management.service';

let handle: TestDatabase;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const creator = testUser('creator', { name: 'Casey Creator' });
const other = testUser('other');
const unverified = testUser('unverified', { emailVerified: false });
const admin = testUser('admin', { isAdmin: true });
const host = testUser('host', { isHost: true });

const as = (user: SessionUser | null) => createCaller(createContext({ db: handle.db, user }));

/** Stores an event directly (for states the API cannot reach on its own, such as past ones). */
async function storeEvent(overrides: Partial<NewEvent> & { slug: string }) {
  return makeEvent(handle.db, {
    startsInHours: (5 * DAY) / HOUR,
    title: overrides.slug,
    expectedAttendance: 1000,
    createdBy: creator.id,
    ...overrides,
  });
}

let listingCounter = 0;
/** A listing of two $20 spaces for `eventId`, on a driveway of `host`. */
async function storeListing(eventId: string) {
  listingCounter += 1;
  const [driveway] = await handle.db
    .insert(driveways)
    .values({
      hostId: host.id,
      title: `Driveway ${listingCounter}`,
      ...NEAR_STADIUM,
      capacity: 4,
    })
    .returning();
  return insertListing(handle.db, driveway!, eventId, {
    spacesOffered: 2,
    availableFrom: new Date(Date.now() + DAY),
    availableTo: new Date(Date.now() + 30 * DAY),
  });
}

/** `driver` books a space of a new listing of `eventId` through the API. */
async function storeBooking(eventId: string, driver: SessionUser) {
  const listing = await storeListing(eventId);
  return bookOn(listing.id, driver);
}

function bookOn(listingId: string, driver: SessionUser) {
  return as(driver).booking.create({
    listingId,
    licensePlate: 'UT 123',
    vehicleDescription: 'Blue Subaru Outback',
    idempotencyKey: `key-${listingId}-${driver.id}`,
  });
}

async function statusOf(id: string) {
  const [row] = await handle.db
    .select({ status: events.status })
    .from(events)
    .where(eq(events.id, id));
  return row?.status;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, creator, other, unverified, admin, host);
});

afterAll(() => handle?.close());

/** Every event `user` manages, through all the pages (the test database holds many). */
async function everyPage(user: SessionUser, statuses?: EventStatus[]) {
  const events = [];
  for (let page = 1; ; page += 1) {
    const result = await as(user).event.mine({ page, ...(statuses ? { statuses } : {}) });
    events.push(...result.items);
    if (!result.hasMore) return events;
  }
}

describe('event.create validation', () => {
  async function refusal(overrides: Record<string, unknown>) {
    const error = await as(creator)
      .event.create(eventInput(overrides as Partial<EventCreateRequest>))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error, JSON.stringify(overrides)).toMatchObject({ code: 'BAD_REQUEST' });
    return fieldErrorsOf(error) ?? {};
  }

  it.each([
    [{ title: '' }, 'title', 'Enter the title.'],
    [{ title: 'ab' }, 'title', 'The title needs at least 3 characters.'],
    [{ title: 'x'.repeat(121) }, 'title', 'The title must be at most 120 characters.'],
    [
      { description: 'x'.repeat(2001) },
      'description',
      'The description must be at most 2000 characters.',
    ],
    [{ venueName: ' ' }, 'venueName', 'Enter the venue name.'],
    [{ street: '' }, 'street', 'Enter the street address.'],
    [{ city: '' }, 'city', 'Enter the city.'],
    [{ region: '' }, 'region', 'Enter the state or region.'],
    [{ postalCode: '1' }, 'postalCode', 'The postal code needs at least 3 characters.'],
    [{ country: 'ZZ' }, 'country', 'Choose a country.'],
    [{ country: 'usa' }, 'country', 'Choose a country.'],
    [{ latitude: 91 }, 'latitude', 'Latitude must be between -90 and 90.'],
    [{ longitude: -181 }, 'longitude', 'Longitude must be between -180 and 180.'],
    [{ latitude: 'north' }, 'latitude', 'Enter the latitude as a number, such as 40.2574.'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Choose a valid time zone, such as America/Denver.'],
    [{ timeZone: 'MST' }, 'timeZone', 'Choose a valid time zone, such as America/Denver.'],
    [{ startLocal: '' }, 'startLocal', 'Enter the start date and time.'],
    [
      { startLocal: '2027-02-30T10:00' },
      'startLocal',
      'Enter the start as a date and time, like 2027-07-04 19:30.',
    ],
    [{ startLocal: denverLocal(-2) }, 'startLocal', 'The event must start in the future.'],
    [
      { startLocal: denverLocal(20, 18), endLocal: denverLocal(20, 10) },
      'endLocal',
      'The event must end after it starts.',
    ],
    [
      { startLocal: denverLocal(20, 18), endLocal: denverLocal(20, 18) },
      'endLocal',
      'The event must end after it starts.',
    ],
    [{ expectedAttendance: 0 }, 'expectedAttendance', 'Expected attendance must be at least 1.'],
    [{ expectedAttendance: -5 }, 'expectedAttendance', 'Expected attendance must be at least 1.'],
    [
      { expectedAttendance: 2.5 },
      'expectedAttendance',
      'Expected attendance must be a whole number.',
    ],
    [
      { websiteUrl: 'javascript:alert(1)' },
      'websiteUrl',
      'Enter a web address starting with https://.',
    ],
    [
      { websiteUrl: 'ftp://example.com' },
      'websiteUrl',
      'Enter a web address starting with https://.',
    ],
    [
      { imageUrl: '//evil.example.com/x.png' },
      'imageUrl',
      'Enter an image address starting with https://, or a path on this site such as /images/events/parade.svg.',
    ],
  ])('refuses %j on %s with a clear message', async (overrides, field, message) => {
    const fields = await refusal(overrides);
    expect(fields[field]).toEqual([message]);
  });

  it('refuses unknown fields, so nobody sets the owner, slug or status', async () => {
    for (const extra of [{ createdBy: admin.id }, { slug: 'mine' }, { status: 'cancelled' }]) {
      await expect(
        as(creator).event.create({ ...eventInput(), ...extra } as EventCreateRequest),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('turns the venue’s local times into instants in the event’s own zone', async () => {
    const created = await as(creator).event.create(
      eventInput({
        title: 'Lantern Night',
        timeZone: 'America/Los_Angeles',
        startLocal: '2031-07-12T20:30',
        endLocal: '2031-07-12T23:00',
        websiteUrl: '',
        imageUrl: '/images/events/lanterns.svg',
      }),
    );
    // 20:30 PDT (UTC-7) is 03:30 UTC the next day.
    expect(created.startsAt).toBe('2031-07-13T03:30:00.000Z');
    expect(created.endsAt).toBe('2031-07-13T06:00:00.000Z');
    expect(created).toMatchObject({
      timeZone: 'America/Los_Angeles',
      websiteUrl: null,
      imageUrl: '/images/events/lanterns.svg',
      status: 'scheduled',
    });
  });
});

describe('event.create', () => {
  it('registers the event for the signed-in user with a unique slug from the title', async () => {
    const first = await as(creator).event.create(eventInput({ title: 'Fiesta Días!' }));
    const second = await as(other).event.create(eventInput({ title: 'Fiesta Días' }));
    expect(first.slug).toBe('fiesta-dias');
    expect(second.slug).toBe('fiesta-dias-2');
    const [row] = await handle.db.select().from(events).where(eq(events.id, first.id));
    expect(row?.createdBy).toBe(creator.id);
    // It is on /events right away.
    const listed = await as(null).event.list({ q: 'fiesta' });
    expect(listed.items.map((e) => e.id)).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('limits how many events one user registers in a day; admins are not limited', async () => {
    const busy = testUser('busy');
    await insertUsers(handle.db, busy);
    for (let i = 0; i < 20; i += 1) await as(busy).event.create(eventInput({ title: `Busy ${i}` }));
    await expect(as(busy).event.create(eventInput({ title: 'Busy 21' }))).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('You have registered a lot of events today.'),
    });
    for (let i = 0; i < 21; i += 1)
      await as(admin).event.create(eventInput({ title: `Admin ${i}` }));
  });

  it('makes slugs from any title', () => {
    expect(slugify('  Rock & Roll: 2027 Tour!! ')).toBe('rock-and-roll-2027-tour');
    expect(slugify('¡¡!!')).toBe('event');
    expect(slugify('x'.repeat(100))).toHaveLength(60);
  });
});

describe('authorization matrix', () => {
  it('create: visitors 401, unverified 403, verified users and admins may', async () => {
    await expect(as(null).event.create(eventInput())).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(as(unverified).event.create(eventInput())).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: VERIFICATION_REQUIRED_MESSAGE,
    });
    await expect(as(other).event.create(eventInput())).resolves.toMatchObject({
      status: 'scheduled',
    });
    await expect(as(admin).event.create(eventInput())).resolves.toMatchObject({
      status: 'scheduled',
    });
  });

  it('update: the creator and admins may; another user gets NOT_FOUND, visitors 401', async () => {
    const event = await as(creator).event.create(eventInput({ title: 'Matrix Update' }));
    const edit = (title: string) => ({ ...eventInput({ title }), id: event.id });

    await expect(as(null).event.update(edit('Visitor'))).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(as(unverified).event.update(edit('Unverified'))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(as(other).event.update(edit('Hijacked'))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Event not found.',
    });
    await expect(as(other).event.forEdit({ id: event.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await as(creator).event.update(edit('By the creator'))).title).toBe('By the creator');
    expect((await as(admin).event.update(edit('By an admin'))).title).toBe('By an admin');
    // The slug stays, so links to the event keep working.
    expect((await as(null).event.byId({ id: event.id })).slug).toBe(event.slug);
  });

  it('mine: your own events; admins see everyone’s; visitors 401, unverified 403', async () => {
    const mine = await as(creator).event.create(eventInput({ title: 'Only Mine' }));
    const theirs = await as(other).event.create(eventInput({ title: 'Only Theirs' }));
    const ids = (list: { id: string }[]) => list.map((e) => e.id);

    await expect(as(null).event.mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(as(unverified).event.mine()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const { items: creatorList } = await as(creator).event.mine();
    expect(ids(creatorList)).toContain(mine.id);
    expect(ids(creatorList)).not.toContain(theirs.id);
    expect(creatorList.every((e) => e.createdBy === creator.id)).toBe(true);
    const adminList = await everyPage(admin);
    expect(ids(adminList)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(adminList.find((e) => e.id === mine.id)?.creatorName).toBe('Casey Creator');
  });

  it('cancel, archive, unarchive: admins only; everyone else FORBIDDEN (visitors 401)', async () => {
    const event = await as(creator).event.create(eventInput({ title: 'Matrix Cancel' }));
    const past = await storeEvent({
      slug: 'matrix-past',
      startsAt: new Date(Date.now() - 2 * DAY),
      endsAt: new Date(Date.now() - 2 * DAY + HOUR),
    });
    const archived = await storeEvent({ slug: 'matrix-archived', status: 'archived' });
    const reason = 'The venue flooded.';

    for (const [user, code] of [
      [null, 'UNAUTHORIZED'],
      [unverified, 'FORBIDDEN'],
      [other, 'FORBIDDEN'],
      [creator, 'FORBIDDEN'],
    ] as const) {
      const api = as(user);
      await expect(api.event.cancel({ id: event.id, reason })).rejects.toMatchObject({ code });
      await expect(api.event.archive({ id: past.id })).rejects.toMatchObject({ code });
      await expect(api.event.unarchive({ id: archived.id })).rejects.toMatchObject({ code });
    }
    await expect(as(creator).event.cancel({ id: event.id, reason })).rejects.toMatchObject({
      message: ADMIN_REQUIRED_MESSAGE,
    });
    expect(await statusOf(event.id)).toBe('scheduled');
    expect(await statusOf(past.id)).toBe('scheduled');
    expect(await statusOf(archived.id)).toBe('archived');

    await expect(as(admin).event.cancel({ id: event.id, reason })).resolves.toMatchObject({
      event: { status: 'cancelled' },
    });
    await expect(as(admin).event.archive({ id: past.id })).resolves.toMatchObject({
      status: 'archived',
    });
    await expect(as(admin).event.unarchive({ id: archived.id })).resolves.toMatchObject({
      status: 'cancelled',
    });
  });
});

describe('editing rules', () => {
  it('lets the creator edit only while the event is scheduled; admins always', async () => {
    const event = await storeEvent({ slug: 'edit-cancelled', status: 'cancelled' });
    const edit = {
      ...eventInput({ title: 'Edited' }),
      id: event.id,
      startLocal: instantToLocalDateTime(event.startsAt, 'America/Denver'),
      endLocal: instantToLocalDateTime(event.endsAt, 'America/Denver'),
    };
    await expect(as(creator).event.update(edit)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: EDIT_CLOSED_MESSAGE,
    });
    await expect(as(creator).event.forEdit({ id: event.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(as(admin).event.update(edit)).resolves.toMatchObject({
      title: 'Edited',
      status: 'cancelled',
    });
  });

  it('keeps an unchanged start of an event in progress, but refuses moving a start into the past', async () => {
    const started = await storeEvent({
      slug: 'edit-in-progress',
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + 3 * HOUR),
    });
    const edit = {
      ...eventInput({ title: 'Fixed typo' }),
      id: started.id,
      startLocal: instantToLocalDateTime(started.startsAt, 'America/Denver'),
      endLocal: instantToLocalDateTime(started.endsAt, 'America/Denver'),
    };
    await expect(as(creator).event.update(edit)).resolves.toMatchObject({ title: 'Fixed typo' });
    await expect(
      as(creator).event.update({ ...edit, startLocal: denverLocal(-1, 10) }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The event must start in the future.',
    });
  });

  it('lets only an admin move a booked event in time or place', async () => {
    const event = await as(creator).event.create(eventInput({ title: 'Booked Fair' }));
    await storeBooking(event.id, other);
    const same = { ...eventInput({ title: 'Booked Fair' }), id: event.id };
    await expect(
      as(creator).event.update({ ...same, description: 'Now with fireworks.' }),
    ).resolves.toMatchObject({ description: 'Now with fireworks.' });
    await expect(
      as(creator).event.update({
        ...same,
        startLocal: denverLocal(21, 10),
        endLocal: denverLocal(21, 18),
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: BOOKED_EVENT_MOVE_MESSAGE });
    await expect(as(creator).event.update({ ...same, latitude: 40.3 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(as(admin).event.update({ ...same, latitude: 40.3 })).resolves.toMatchObject({
      latitude: 40.3,
    });
  });
});

describe('event.mine', () => {
  it('lists upcoming events first, soonest first, then the rest; filters by status; counts bookings', async () => {
    const user = testUser('lister');
    await insertUsers(handle.db, user);
    const later = await storeEvent({
      slug: 'mine-later',
      createdBy: user.id,
      startsAt: new Date(Date.now() + 9 * DAY),
      endsAt: new Date(Date.now() + 9 * DAY + HOUR),
    });
    const sooner = await storeEvent({
      slug: 'mine-sooner',
      createdBy: user.id,
      startsAt: new Date(Date.now() + 2 * DAY),
      endsAt: new Date(Date.now() + 2 * DAY + HOUR),
    });
    const ended = await storeEvent({
      slug: 'mine-ended',
      createdBy: user.id,
      startsAt: new Date(Date.now() - 2 * DAY),
      endsAt: new Date(Date.now() - 2 * DAY + HOUR),
    });
    const cancelled = await storeEvent({
      slug: 'mine-cancelled',
      createdBy: user.id,
      status: 'cancelled',
      startsAt: new Date(Date.now() + 4 * DAY),
      endsAt: new Date(Date.now() + 4 * DAY + HOUR),
    });
    const archived = await storeEvent({
      slug: 'mine-archived',
      createdBy: user.id,
      status: 'archived',
    });
    await storeBooking(sooner.id, other);
    await storeBooking(sooner.id, creator);

    const { items: all } = await as(user).event.mine();
    expect(all.map((e) => e.slug)).toEqual([
      'mine-sooner',
      'mine-later',
      'mine-archived',
      'mine-cancelled',
      'mine-ended',
    ]);
    expect(all.find((e) => e.id === sooner.id)).toMatchObject({
      confirmedBookings: 2,
      upcoming: true,
    });
    expect(all.find((e) => e.id === ended.id)).toMatchObject({
      confirmedBookings: 0,
      upcoming: false,
    });

    const { items: active } = await as(user).event.mine({ statuses: ['scheduled', 'cancelled'] });
    expect(active.map((e) => e.id)).toEqual([sooner.id, later.id, cancelled.id, ended.id]);
    const { items: onlyArchived } = await as(user).event.mine({ statuses: ['archived'] });
    expect(onlyArchived.map((e) => e.id)).toEqual([archived.id]);
    await expect(
      // @ts-expect-error an unknown status on purpose
      as(user).event.mine({ statuses: ['deleted'] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('pages through every event, in the same order, none twice and none left out', async () => {
    const user = testUser('pager');
    await insertUsers(handle.db, user);
    const total = MY_EVENTS_PAGE_SIZE * 2 + 3;
    const created: string[] = [];
    for (let i = 0; i < total; i += 1) {
      // Upcoming ones soonest first, then ended ones latest first: day +1 ... +26, then -1 ... -25.
      const offset =
        i < MY_EVENTS_PAGE_SIZE + 2 ? (i + 1) * DAY : -(i - MY_EVENTS_PAGE_SIZE - 1) * DAY;
      const event = await storeEvent({
        slug: `pager-${i}`,
        createdBy: user.id,
        startsAt: new Date(Date.now() + offset),
        endsAt: new Date(Date.now() + offset + HOUR),
      });
      created.push(event.id);
    }
    const pages = [];
    for (let page = 1; page <= 3; page += 1) pages.push(await as(user).event.mine({ page }));
    expect(pages.map((p) => [p.page, p.items.length, p.hasMore])).toEqual([
      [1, MY_EVENTS_PAGE_SIZE, true],
      [2, MY_EVENTS_PAGE_SIZE, true],
      [3, 3, false],
    ]);
    expect(pages.flatMap((p) => p.items.map((e) => e.id))).toEqual(created);

    // A search narrows the pages too: title, venue or city, any case, "%" taken literally.
    const searched = await as(user).event.mine({ q: 'PAGER-4' });
    expect(searched.items.map((e) => e.slug).sort()).toEqual(
      ['pager-4', ...Array.from({ length: 10 }, (_, i) => `pager-${40 + i}`)].sort(),
    );
    expect((await as(user).event.mine({ q: '%' })).items).toEqual([]);

    const beyond = await as(user).event.mine({ page: 9 });
    expect(beyond).toEqual({ items: [], page: 9, hasMore: false });
    await expect(as(user).event.mine({ page: 0 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('archive and unarchive', () => {
  it('archives events that are over or cancelled, and refuses an upcoming scheduled one', async () => {
    const upcoming = await storeEvent({ slug: 'arch-upcoming' });
    const cancelled = await storeEvent({ slug: 'arch-cancelled', status: 'cancelled' });
    const over = await storeEvent({
      slug: 'arch-over',
      startsAt: new Date(Date.now() - 3 * DAY),
      endsAt: new Date(Date.now() - 3 * DAY + HOUR),
    });
    await expect(as(admin).event.archive({ id: upcoming.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This event has not ended yet. Cancel it first, so its drivers are refunded.',
    });
    await as(admin).event.archive({ id: cancelled.id });
    await as(admin).event.archive({ id: over.id });
    await expect(as(admin).event.archive({ id: over.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // Archived events leave the public list and come back on unarchive, as they were.
    expect(await statusOf(cancelled.id)).toBe('archived');
    expect((await as(admin).event.unarchive({ id: cancelled.id })).status).toBe('cancelled');
    expect((await as(admin).event.unarchive({ id: over.id })).status).toBe('scheduled');
    await expect(as(admin).event.unarchive({ id: over.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This event is not archived.',
    });
    await expect(
      as(admin).event.archive({ id: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('hides an archived event from /events', async () => {
    const event = await as(creator).event.create(eventInput({ title: 'Vanishing Act' }));
    await as(admin).event.cancel({ id: event.id, reason: 'Called off.' });
    await as(admin).event.archive({ id: event.id });
    expect((await as(null).event.list({ q: 'vanishing act' })).items).toEqual([]);
  });
});

describe('event.cancel', () => {
  it('cancels every booking with a full refund and queues an e-mail to each driver, at once', async () => {
    const event = await as(creator).event.create(eventInput({ title: 'Rained Out Rodeo' }));
    const driverA = testUser('driver-a', { name: 'Ada Driver' });
    const driverB = testUser('driver-b', { name: 'Ben Driver' });
    await insertUsers(handle.db, driverA, driverB);
    const listing = await storeListing(event.id);
    // One paid by card (refunded in full), one to be paid on arrival (nothing was charged).
    const first = await paidByCard(handle.db, await bookOn(listing.id, driverA));
    const second = await bookOn(listing.id, driverB);
    // Someone already cancelled on their own: left as it was.
    const third = await storeBooking(event.id, creator);
    await as(creator).booking.cancel({ bookingId: third.id });
    const [{ lastJob } = { lastJob: 0 }] = await handle.db
      .select({ lastJob: sql<number>`coalesce(max(${emailJobs.id}), 0)::int` })
      .from(emailJobs);

    const listed = await everyPage(admin, ['scheduled']);
    expect(listed.find((e) => e.id === event.id)?.confirmedBookings).toBe(2);

    const result = await as(admin).event.cancel({
      id: event.id,
      reason: 'Lightning in the forecast.',
    });
    expect(result).toMatchObject({ event: { status: 'cancelled' }, cancelledBookings: 2 });

    const rows = await handle.db.select().from(bookings).where(eq(bookings.eventId, event.id));
    for (const [id, refundCents, paymentStatus] of [
      [first.id, 2000, 'refund_pending'],
      [second.id, 0, 'void'],
    ] as const) {
      expect(rows.find((b) => b.id === id)).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'event',
        refundCents,
        paymentStatus,
        cancellationReason: 'Lightning in the forecast.',
      });
    }
    expect(rows.find((b) => b.id === third.id)).toMatchObject({ cancelledBy: 'driver' });

    const jobs = await handle.db
      .select()
      .from(emailJobs)
      .where(sql`${emailJobs.id} > ${lastJob}`);
    const toDrivers = jobs.filter((job) => job.kind === 'booking-cancelled-driver');
    expect(toDrivers.map((job) => job.toAddress).sort()).toEqual(
      [driverA.email, driverB.email].sort(),
    );
    expect(toDrivers[0]!.textBody).toContain('Reason: Lightning in the forecast.');
    expect(jobs.some((job) => job.toAddress === creator.email)).toBe(false);

    // The event is gone from /events, and cannot be cancelled twice.
    expect((await as(null).event.list({ q: 'rained out rodeo' })).items).toEqual([]);
    await expect(as(admin).event.cancel({ id: event.id, reason: 'Again.' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This event is already cancelled.',
    });
  });

  it('refuses events that are already cancelled, archived or over', async () => {
    const reason = 'Storm warning.';
    const cancelled = await storeEvent({ slug: 'cancel-twice', status: 'cancelled' });
    const archived = await storeEvent({ slug: 'cancel-archived', status: 'archived' });
    const over = await storeEvent({
      slug: 'cancel-over',
      startsAt: new Date(Date.now() - 3 * DAY),
      endsAt: new Date(Date.now() - 3 * DAY + HOUR),
    });
    for (const event of [cancelled, archived, over]) {
      await expect(as(admin).event.cancel({ id: event.id, reason })).rejects.toMatchObject({
        code: 'CONFLICT',
      });
    }
    await expect(as(admin).event.cancel({ id: cancelled.id, reason: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('event.list near me', () => {
  it('orders nearest first with distances in miles, together with text and dates', async () => {
    const at = (slug: string, latitude: number, longitude: number, days = 6) =>
      storeEvent({
        slug,
        title: `Nearby ${slug}`,
        latitude,
        longitude,
        startsAt: new Date(Date.now() + days * DAY),
        endsAt: new Date(Date.now() + days * DAY + HOUR),
      });
    await at('near-provo', 40.2574, -111.6547);
    await at('near-orem', 40.2969, -111.6946);
    await at('near-slc', 40.7608, -111.891);
    await at('near-portland', 45.5152, -122.6784, 8);
    // Cancelled events never show, near or not.
    await storeEvent({
      slug: 'near-cancelled',
      title: 'Nearby near-cancelled',
      status: 'cancelled',
      latitude: 40.3,
      longitude: -111.7,
    });

    // Standing in Orem.
    const near = { latitude: 40.2969, longitude: -111.6946 };
    const page = await as(null).event.list({ q: 'nearby', near });
    expect(page.items.map((e) => e.slug)).toEqual([
      'near-orem',
      'near-provo',
      'near-slc',
      'near-portland',
    ]);
    const miles = page.items.map((e) => e.distanceMiles!);
    expect(miles[0]).toBe(0);
    expect(miles[1]).toBeCloseTo(3.4, 0);
    expect(miles[2]).toBeCloseTo(33.4, 0);
    expect(miles[3]).toBeGreaterThan(600);

    // Pages continue in distance order.
    const first = await as(null).event.list({ q: 'nearby', near, limit: 2 });
    const second = await as(null).event.list({
      q: 'nearby',
      near,
      limit: 2,
      cursor: first.nextCursor!,
    });
    expect([...first.items, ...second.items].map((e) => e.slug)).toEqual(
      page.items.map((e) => e.slug),
    );
    expect(second.nextCursor).toBeNull();

    // A date range still applies.
    const day = instantToLocalDateTime(new Date(Date.now() + 6 * DAY), 'America/Denver').slice(
      0,
      10,
    );
    const dated = await as(null).event.list({ near, from: day, to: day, q: 'nearby' });
    expect(dated.items).toHaveLength(3);

    // Without near, no distances.
    expect((await as(null).event.list({ q: 'nearby' })).items[0]?.distanceMiles).toBeUndefined();
  });

  it('refuses impossible coordinates and a start-date cursor in a near-me search', async () => {
    await expect(
      as(null).event.list({ near: { latitude: 123, longitude: 0 } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const byDate = await as(null).event.list({ limit: 1 });
    await expect(
      as(null).event.list({ near: { latitude: 40, longitude: -111 }, cursor: byDate.nextCursor! }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('orders by the distance on the globe across pages, not by flat degrees', async () => {
    // In Anchorage a degree of longitude is half a degree of latitude: 0.9° east (~31 mi) is
    // nearer than 0.6° north (~41 mi), though it is farther in flat degrees.
    const origin = { latitude: 61.2, longitude: -149.9 };
    const at = (slug: string, latitude: number, longitude: number) =>
      storeEvent({ slug, title: `Tundra ${slug}`, latitude, longitude });
    await at('tundra-east', 61.2, -149.0);
    await at('tundra-north', 61.8, -149.9);
    for (let i = 0; i < 12; i += 1) await at(`tundra-far-${i}`, 62 + i / 10, -140);
    const slugs: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await as(null).event.list({ q: 'tundra', near: origin, limit: 1, cursor });
      slugs.push(...page.items.map((e) => e.slug));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && slugs.length < 3);
    expect(slugs).toEqual(['tundra-east', 'tundra-north', 'tundra-far-0']);
  });

  it('pages through many events at one venue without repeats or gaps', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 15; i += 1) {
      ids.push((await storeEvent({ slug: `arena-${i}`, title: `Arena night ${i}` })).id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await as(null).event.list({
        q: 'arena night',
        near: { latitude: 40.3, longitude: -111.7 },
        limit: 4,
        cursor,
      });
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...ids].sort());
  });

  it('is served by the GiST index on PostgreSQL, in both of its steps', async ({ skip }) => {
    if (!process.env.TEST_DATABASE_URL) skip();
    await handle.db.execute(sql`analyze events`);
    const explain = (query: ReturnType<typeof sql>) =>
      handle.db.transaction(async (tx) => {
        // Few rows: without this the planner rightly prefers a scan; we check the index can serve.
        await tx.execute(sql`set local enable_seqscan = off`);
        return JSON.stringify(await tx.execute(sql`explain ${query}`));
      });
    const knn = await explain(
      sql`select id from events where status = 'scheduled' and ends_at > now()
          order by point(longitude, latitude) <-> point(${-111.69}::float8, ${40.29}::float8) limit 23`,
    );
    expect(knn).toContain('Index Scan using events_location_gist_idx');
    const box = await explain(
      sql`select id from events where status = 'scheduled' and ends_at > now()
          and point(longitude, latitude) <@ box(point(${-112.5}::float8, ${39.5}::float8), point(${-110.9}::float8, ${41.1}::float8))`,
    );
    expect(box).toContain('events_location_gist_idx');
  });
});
