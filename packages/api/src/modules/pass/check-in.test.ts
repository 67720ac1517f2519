/**
 * The gate code on PostgreSQL (decision 064): six characters without look-alikes on every pass,
 * never two alike; the host types it in any case and with spaces; it finds only the host's own
 * cars; wrong codes are limited per host like failed sign-ins, while checking in by plate still
 * works; and passes made before the code existed get one from the migration.
 */
import type { RateLimits } from '@parkside/core';
import { bookings, migrationsFolder } from '@parkside/db';
import type { TestDatabase } from '@parkside/db/testing';
import { bookingCreateInput, GATE_CODE_ALPHABET } from '@parkside/validators';
import { eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameDayDatabase } from '../../test-game-day';
import { makeListing } from '../../test-marketplace';
import { testUser } from '../../test-users';
import { createBooking } from '../booking/booking.service';
import { checkIn } from './check-in.service';
import { listArrivals, PASS_ERRORS, requirePass } from './pass.service';

let handle: TestDatabase;
let key: string;
let limits: RateLimits;
let counter = 0;
const host = testUser('gate-host', { isHost: true });
const otherHost = testUser('gate-host-2', { isHost: true });
const driver = testUser('gate-driver', { name: 'Gale Driver' });
const GATE_CODE = new RegExp(`^[${GATE_CODE_ALPHABET}]{6}$`);

/** A confirmed booking whose parking window holds this moment (its day is today). */
async function bookedForNow(onHost = host) {
  const { listing } = await makeListing(handle.db, onHost, { startsInHours: 2, openNow: true });
  const booking = await createBooking(
    handle.db,
    driver,
    bookingCreateInput.parse({
      listingId: listing.id,
      licensePlate: `GATE ${(counter += 1)}`,
      vehicleDescription: 'Green pickup',
      idempotencyKey: `gate-code-${counter}-key`,
    }),
  );
  return booking;
}

beforeAll(async () => {
  ({ handle, key, limits } = await gameDayDatabase(host, otherHost, driver));
});
afterAll(() => handle?.close());

describe('the gate code', () => {
  it('is six characters without look-alikes, shown in two halves, and on the host’s arrivals', async () => {
    const booking = await bookedForNow();
    const pass = await requirePass(handle.db, driver, booking.id, key);
    expect(pass.gateCode).toMatch(/^[2-9A-HJKMNP-Z]{3} [2-9A-HJKMNP-Z]{3}$/);
    expect(pass.gateCode).not.toMatch(/[01OIL]/);
    const arrivals = await listArrivals(handle.db, host, key);
    const car = arrivals.flatMap((group) => group.cars).find((c) => c.bookingId === booking.id);
    expect(car?.gateCode).toBe(pass.gateCode.replace(' ', ''));
  });

  it('is checked in when the host types it in lower case with a space', async () => {
    const booking = await bookedForNow();
    const { gateCode } = await requirePass(handle.db, driver, booking.id, key);
    const typed = ` ${gateCode.toLowerCase()} `;
    const first = await checkIn(handle.db, host, { code: typed }, { key, limits });
    expect(first).toMatchObject({ bookingId: booking.id, alreadyCheckedIn: false });
    const again = await checkIn(handle.db, host, { code: gateCode }, { key, limits });
    expect(again).toMatchObject({ alreadyCheckedIn: true, checkedInAt: first.checkedInAt });
  });

  it('finds no car of another host: the code says nothing of whose it is', async () => {
    const booking = await bookedForNow();
    const { gateCode } = await requirePass(handle.db, driver, booking.id, key);
    const bare = gateCode.replace(' ', '');
    await expect(
      checkIn(handle.db, otherHost, { code: gateCode }, { key, limits }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: PASS_ERRORS.noGateCode(bare) });
    const [row] = await handle.db
      .select({ checkedInAt: bookings.checkedInAt })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(row!.checkedInAt).toBeNull();
  });

  it('refuses the 11th wrong code in 15 minutes, even a right one, but not a check-in by plate', async () => {
    const booking = await bookedForNow();
    const { gateCode } = await requirePass(handle.db, driver, booking.id, key);
    const wrong = gateCode.startsWith('Z') ? 'Y' + gateCode.slice(1) : 'Z' + gateCode.slice(1);
    const bare = wrong.replace(' ', '');
    for (let i = 0; i < 10; i += 1) {
      await expect(
        checkIn(handle.db, host, { code: wrong }, { key, limits }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: PASS_ERRORS.noGateCode(bare) });
    }
    const locked = checkIn(handle.db, host, { code: gateCode }, { key, limits });
    await expect(locked).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many wrong codes\. Find the car by its plate/),
    });
    // Another host is not held back by this one's mistakes.
    const theirs = await bookedForNow(otherHost);
    const theirCode = (await requirePass(handle.db, driver, theirs.id, key)).gateCode;
    await expect(
      checkIn(handle.db, otherHost, { code: theirCode }, { key, limits }),
    ).resolves.toMatchObject({ bookingId: theirs.id });
    // The plate still checks the car in.
    await expect(
      checkIn(handle.db, host, { bookingId: booking.id }, { key, limits }),
    ).resolves.toMatchObject({ bookingId: booking.id, alreadyCheckedIn: false });
  });

  it('is given to passes made before it existed, by the migration, never two alike', async () => {
    const made = [await bookedForNow(), await bookedForNow(), await bookedForNow()];
    // The table as it was before migration 0032 filled the column.
    for (const statement of [
      sql`alter table bookings drop constraint bookings_gate_code_unique`,
      sql`alter table bookings alter column gate_code drop not null, alter column gate_code drop default`,
      sql`update bookings set gate_code = null`,
    ]) {
      await handle.db.execute(statement);
    }
    const migration = readFileSync(join(migrationsFolder(), '0032_gate_codes.sql'), 'utf8');
    const statements = migration.split('--> statement-breakpoint').map((part) => part.trim());
    // Everything after the function and the new column: filling, default, not null, unique.
    for (const statement of statements.slice(2)) await handle.db.execute(sql.raw(statement));
    const rows = await handle.db.select({ code: bookings.gateCode }).from(bookings);
    expect(rows.length).toBeGreaterThanOrEqual(made.length);
    for (const row of rows) expect(row.code).toMatch(GATE_CODE);
    expect(new Set(rows.map((row) => row.code)).size).toBe(rows.length);
    // New bookings still get one from the restored default.
    const later = await bookedForNow();
    expect(later.gateCode).toMatch(GATE_CODE);
  });
});
