import { createTestDatabase, type TestDatabase } from '@parkside/db/testing';
import { bookingCreateInput } from '@parkside/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../context';
import { createCaller } from '../../root';
import { makeListing } from '../../test-marketplace';
import { insertUsers, testUser } from '../../test-users';
import { createBooking } from '../booking/booking.service';
import { listings } from '@parkside/db';
import { eq } from 'drizzle-orm';

let handle: TestDatabase;
const host = testUser('avail-host', { isHost: true });
const driver = testUser('avail-driver');

beforeAll(async () => {
  handle = await createTestDatabase();
  await insertUsers(handle.db, host, driver);
});
afterAll(() => handle?.close());

const api = () => createCaller(createContext({ db: handle.db })).availability;
const book = (listingId: string) =>
  createBooking(
    handle.db,
    driver,
    bookingCreateInput.parse({
      listingId,
      licensePlate: 'ABC123',
      vehicleDescription: 'White Tesla Model 3',
      idempotencyKey: crypto.randomUUID(),
    }),
  );

describe('availability for event cards', () => {
  it('counts free spaces and the cheapest listing that still has one', async () => {
    const { event, listing: cheap } = await makeListing(handle.db, host, { spaces: 1 });
    const { listing: dear } = await makeListing(handle.db, host, { spaces: 3 });
    // Move the second listing onto the first event at a higher price.
    await handle.db
      .update(listings)
      .set({ eventId: event.id, priceCents: 3500 })
      .where(eq(listings.id, dear.id));
    await expect(api().forEvents({ eventIds: [event.id] })).resolves.toEqual([
      { eventId: event.id, spacesLeft: 4, lowestPriceCents: 2000 },
    ]);
    await book(cheap.id);
    await expect(api().forEvents({ eventIds: [event.id] })).resolves.toEqual([
      { eventId: event.id, spacesLeft: 3, lowestPriceCents: 3500 },
    ]);
  });

  it('reports sold-out, closed and unlisted events as no spaces and no price', async () => {
    const { event: soldOut, listing } = await makeListing(handle.db, host, { spaces: 1 });
    await book(listing.id);
    const { event: closed } = await makeListing(handle.db, host, { status: 'closed' });
    const unlisted = crypto.randomUUID();
    await expect(api().forEvents({ eventIds: [soldOut.id, closed.id, unlisted] })).resolves.toEqual(
      [
        { eventId: soldOut.id, spacesLeft: 0, lowestPriceCents: null },
        { eventId: closed.id, spacesLeft: 0, lowestPriceCents: null },
        { eventId: unlisted, spacesLeft: 0, lowestPriceCents: null },
      ],
    );
  });

  it('refuses malformed or oversized requests', async () => {
    await expect(api().forEvents({ eventIds: ['nope'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      api().forEvents({ eventIds: Array.from({ length: 101 }, () => crypto.randomUUID()) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
