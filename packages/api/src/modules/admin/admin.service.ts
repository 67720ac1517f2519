import type { Database } from '@parkside/db';
import { sql } from 'drizzle-orm';

/** Money and bookings of one window (the last 7 or 30 days), in cents. */
export interface WindowFigures {
  /** Bookings made in the window (every booking is confirmed when it is made). */
  confirmed: number;
  /** Bookings cancelled in the window, whenever they were made. */
  cancelled: number;
  /** What drivers paid for the bookings made in the window, refunds not taken off. */
  grossCents: number;
  /** The platform's fee on those bookings, less the fee on whatever was refunded of them. */
  feesCents: number;
  /** Refunds of the bookings cancelled in the window. */
  refundsCents: number;
}

export interface Overview {
  users: number;
  hosts: number;
  upcomingEvents: number;
  /** Open listings of upcoming events. */
  openListings: number;
  /** Events starting in the next 7 days: spaces of their open listings, and confirmed bookings. */
  next7Days: { spacesOffered: number; spacesBooked: number };
  last7Days: WindowFigures;
  last30Days: WindowFigures;
  newFeedback: number;
  /** The last 30 days (UTC), oldest first: bookings made and what they were worth. */
  perDay: { day: string; bookings: number; valueCents: number }[];
  /** When the figures were read. */
  asOf: string;
}

/**
 * Every figure of the admin overview in one statement (one round trip). The money reads the
 * bookings of the last 30 days from the indexes on `created_at` and `cancelled_at`, which carry
 * the amounts (migration 0017), so the cost follows the bookings of the window, not the table.
 */
export async function getOverview(db: Database, now = new Date()): Promise<Overview> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with
      t as (select ${at}::timestamptz as now),
      people as (
        select count(*)::int as users, count(*) filter (where is_host)::int as hosts from users
      ),
      upcoming as (
        select count(*)::int as n from events, t
        where status = 'scheduled' and ends_at > t.now
      ),
      open_listings as (
        select count(*)::int as n from listings l join events e on e.id = l.event_id, t
        where l.status = 'open' and e.status = 'scheduled' and e.ends_at > t.now
      ),
      soon as (
        select e.id from events e, t
        where e.status = 'scheduled' and e.starts_at >= t.now
          and e.starts_at < t.now + interval '7 days'
      ),
      soon_offered as (
        select coalesce(sum(l.spaces_offered), 0)::int as n from listings l
        where l.status = 'open' and l.event_id in (select id from soon)
      ),
      soon_booked as (
        select count(*)::int as n from bookings b
        where b.status = 'confirmed' and b.event_id in (select id from soon)
      ),
      made as (
        select b.created_at, b.price_cents,
          case
            when b.refund_cents = 0 then b.platform_fee_cents
            when b.refund_cents >= b.price_cents then 0
            else round(b.platform_fee_cents::numeric * (b.price_cents - b.refund_cents)
              / b.price_cents)::int
          end as fee_cents
        from bookings b, t
        where b.created_at >= t.now - interval '30 days' and b.created_at <= t.now
      ),
      made_totals as (
        select
          count(*) filter (where created_at >= t.now - interval '7 days')::int as confirmed7,
          coalesce(sum(price_cents) filter (where created_at >= t.now - interval '7 days'), 0)::bigint as gross7,
          coalesce(sum(fee_cents) filter (where created_at >= t.now - interval '7 days'), 0)::bigint as fees7,
          count(*)::int as confirmed30,
          coalesce(sum(price_cents), 0)::bigint as gross30,
          coalesce(sum(fee_cents), 0)::bigint as fees30
        from made, t
      ),
      cancelled_totals as (
        select
          count(*) filter (where b.cancelled_at >= t.now - interval '7 days')::int as cancelled7,
          coalesce(sum(b.refund_cents) filter (where b.cancelled_at >= t.now - interval '7 days'), 0)::bigint as refunds7,
          count(*)::int as cancelled30,
          coalesce(sum(b.refund_cents), 0)::bigint as refunds30
        from bookings b, t
        where b.cancelled_at is not null
          and b.cancelled_at >= t.now - interval '30 days' and b.cancelled_at <= t.now
      ),
      days as (
        select generate_series(
          date_trunc('day', t.now at time zone 'UTC') - interval '29 days',
          date_trunc('day', t.now at time zone 'UTC'),
          interval '1 day'
        ) as day from t
      ),
      per_day as (
        select date_trunc('day', created_at at time zone 'UTC') as day,
          count(*)::int as bookings, sum(price_cents)::bigint as value_cents
        from made group by 1
      ),
      feedback_new as (select count(*)::int as n from feedback where status = 'new')
    select json_build_object(
      'users', people.users,
      'hosts', people.hosts,
      'upcomingEvents', upcoming.n,
      'openListings', open_listings.n,
      'spacesOffered7', soon_offered.n,
      'spacesBooked7', soon_booked.n,
      'made', row_to_json(made_totals),
      'cancelled', row_to_json(cancelled_totals),
      'newFeedback', feedback_new.n,
      'perDay', (
        select json_agg(json_build_object(
          'day', to_char(days.day, 'YYYY-MM-DD'),
          'bookings', coalesce(per_day.bookings, 0),
          'valueCents', coalesce(per_day.value_cents, 0)
        ) order by days.day)
        from days left join per_day on per_day.day = days.day
      )
    ) as overview
    from people, upcoming, open_listings, soon_offered, soon_booked, made_totals,
      cancelled_totals, feedback_new
  `);
  const [row] = rowsOf<{ overview: RawOverview }>(result);
  const raw = row!.overview;
  const money = (value: number | string) => Number(value);
  return {
    users: raw.users,
    hosts: raw.hosts,
    upcomingEvents: raw.upcomingEvents,
    openListings: raw.openListings,
    next7Days: { spacesOffered: raw.spacesOffered7, spacesBooked: raw.spacesBooked7 },
    last7Days: {
      confirmed: raw.made.confirmed7,
      cancelled: raw.cancelled.cancelled7,
      grossCents: money(raw.made.gross7),
      feesCents: money(raw.made.fees7),
      refundsCents: money(raw.cancelled.refunds7),
    },
    last30Days: {
      confirmed: raw.made.confirmed30,
      cancelled: raw.cancelled.cancelled30,
      grossCents: money(raw.made.gross30),
      feesCents: money(raw.made.fees30),
      refundsCents: money(raw.cancelled.refunds30),
    },
    newFeedback: raw.newFeedback,
    perDay: raw.perDay.map((d) => ({
      day: d.day,
      bookings: d.bookings,
      valueCents: money(d.valueCents),
    })),
    asOf: at,
  };
}

interface RawOverview {
  users: number;
  hosts: number;
  upcomingEvents: number;
  openListings: number;
  spacesOffered7: number;
  spacesBooked7: number;
  made: Record<'confirmed7' | 'gross7' | 'fees7' | 'confirmed30' | 'gross30' | 'fees30', number>;
  cancelled: Record<'cancelled7' | 'refunds7' | 'cancelled30' | 'refunds30', number>;
  newFeedback: number;
  perDay: { day: string; bookings: number; valueCents: number }[];
}

/** The rows of `db.execute`: postgres.js answers an array, PGlite an object holding one. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
