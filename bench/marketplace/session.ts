/**
 * A signed-in driver for the throughput figures: a verified account made for the run, and a
 * session created the way signing in creates one. Returns the Cookie header a browser would send.
 */
import { createSessionStore, SESSION_COOKIE_NAME } from '@parkside/auth';
import { users, type Database } from '@parkside/db';
import type postgres from 'postgres';

export const BENCH_DRIVER_NAME = 'Bench Driver';
/** How many upcoming bookings the signed-in driver has: the cards on My Bookings. */
export const BENCH_DRIVER_BOOKINGS = 5;

export async function benchSessionCookie(db: Database): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      id: 'bench-driver',
      email: 'bench-driver@example.com',
      name: BENCH_DRIVER_NAME,
      emailVerified: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const { token } = await createSessionStore(db, { secure: false }).create(
    user?.id ?? 'bench-driver',
  );
  return `${SESSION_COOKIE_NAME}=${token}`;
}

/**
 * Gives the bench driver BENCH_DRIVER_BOOKINGS confirmed bookings, paid on arrival, on listings
 * of the event that have no booking yet (so no listing is over-booked). Answers the first one's
 * id: the parking pass measured.
 */
export async function benchDriverBookings(sql: postgres.Sql, eventId: string): Promise<string> {
  const made = await sql<{ id: string }[]>`
    insert into bookings (listing_id, event_id, driver_id, price_cents, platform_fee_cents,
      host_payout_cents, license_plate, vehicle_description, payment_status, idempotency_key)
    select l.id, l.event_id, 'bench-driver', l.price_cents, 0, l.price_cents, '7BEN 042',
      'Blue Subaru Outback', 'due_on_arrival', 'bench-driver-' || l.id
    from listings l
    where l.event_id = ${eventId} and l.status = 'open'
      and not exists (select 1 from bookings b where b.listing_id = l.id)
    order by l.id
    limit ${BENCH_DRIVER_BOOKINGS}
    returning id`;
  const [first] = made;
  if (made.length !== BENCH_DRIVER_BOOKINGS || !first) {
    throw new Error(`Gave the bench driver ${made.length} of ${BENCH_DRIVER_BOOKINGS} bookings.`);
  }
  return first.id;
}
