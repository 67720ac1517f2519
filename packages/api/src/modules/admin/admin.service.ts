import type { Database } from '@parkside/db';
import { sql } from 'drizzle-orm';

/** Money and bookings of one window (the last 7 or 30 days), in cents. */
export interface WindowFigures {
  /** Bookings made in the window (every booking is confirmed when it is made). */
  confirmed: number;
  /** Bookings cancelled in the window, whenever they were made. */
  cancelled: number;
  /**
   * What drivers paid by card for the bookings made in the window, refunds not taken off: the
   * money that moved through Parkside (bookings paid on arrival are apart, decision 034).
   */
  grossCents: number;
  /** The platform's fee on those card payments, less the fee on whatever was refunded of them. */
  feesCents: number;
  /** Bookings of the window standing to be paid to their hosts on arrival: no fee, no refund. */
  onArrivalCents: number;
  /** Card refunds of the bookings cancelled in the window. */
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
 * Days start at midnight UTC: `date_bin` counts whole days from here (cheaper per row than
 * `date_trunc` at a time zone).
 */
const UTC_MIDNIGHT = sql`timestamptz '2000-01-01 00:00:00+00'`;

/** A booking whose driver was charged by card (whatever went back since). */
const CHARGED = sql.raw(
  `b.payment_status in ('paid', 'refund_pending', 'refunded', 'partially_refunded')`,
);

/**
 * The three statements of the admin overview at `now`: the bookings made in the last 30 days
 * grouped by UTC day and by the 7-day line (one pass over `bookings_created_at_idx`, which
 * carries every column they read, migrations 0017 and 0037), the cancellations of the window (the
 * same from `bookings_cancelled_at_idx`), and the counts. The cost follows the bookings of the
 * window, not the table, as long as the two indexes carry what the first two read.
 */
export function overviewStatements(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return {
    made: sql`
    select to_char(day at time zone 'UTC', 'YYYY-MM-DD') as day, recent, n, value, gross,
      fees, arrival
    from (
      select date_bin('1 day', b.created_at, ${UTC_MIDNIGHT}) as day,
        b.created_at >= ${at} - interval '7 days' as recent,
        count(*)::int as n,
        sum(b.price_cents)::bigint as value,
        coalesce(sum(b.price_cents) filter (where ${CHARGED}), 0)::bigint as gross,
        -- A refunded booking gives back the refunded share of its fee (rounded half up, in
        -- integers: only the few refunded rows pay for it).
        (coalesce(sum(b.platform_fee_cents) filter (where ${CHARGED}), 0) - coalesce(sum(
          (b.platform_fee_cents * b.refund_cents * 2 + b.price_cents) / (2 * b.price_cents)
        ) filter (where b.refund_cents > 0 and ${CHARGED}), 0))::bigint as fees,
        coalesce(sum(b.price_cents) filter (where b.payment_status = 'due_on_arrival'), 0)::bigint
          as arrival
      from bookings b
      where b.created_at >= ${at} - interval '30 days' and b.created_at <= ${at}
      group by 1, 2
    ) by_day`,
    cancelled: sql`
    select
      count(*) filter (where b.cancelled_at >= ${at} - interval '7 days')::int as cancelled7,
      coalesce(sum(b.refund_cents) filter (where b.cancelled_at >= ${at} - interval '7 days'
        and ${CHARGED}), 0)::bigint as refunds7,
      count(*)::int as cancelled30,
      coalesce(sum(b.refund_cents) filter (where ${CHARGED}), 0)::bigint as refunds30
    from bookings b
    where b.cancelled_at is not null
      and b.cancelled_at >= ${at} - interval '30 days' and b.cancelled_at <= ${at}`,
    counts: sql`
    with soon as (
      select e.id from events e
      where e.status = 'scheduled' and e.starts_at >= ${at}
        and e.starts_at < ${at} + interval '7 days'
    )
    select
      (select count(*)::int from users) as users,
      (select count(*)::int from users where is_host) as hosts,
      (select count(*)::int from events where status = 'scheduled' and ends_at > ${at})
        as upcoming,
      (select count(*)::int from listings l join events e on e.id = l.event_id
        where l.status = 'open' and e.status = 'scheduled' and e.ends_at > ${at})
        as open_listings,
      (select coalesce(sum(l.spaces_offered), 0)::int from listings l
        where l.status = 'open' and l.event_id in (select id from soon)) as offered7,
      (select count(*)::int from bookings b
        where b.status = 'confirmed' and b.event_id in (select id from soon)) as booked7,
      (select count(*)::int from feedback where status = 'new') as new_feedback`,
  };
}

/** Every figure of the admin overview, in one round of three statements side by side on the pool. */
export async function getOverview(db: Database, now = new Date()): Promise<Overview> {
  const statements = overviewStatements(now);
  const [madeRows, cancelledRows, countRows] = await Promise.all([
    db.execute(statements.made),
    db.execute(statements.cancelled),
    db.execute(statements.counts),
  ]);
  const made = rowsOf<{
    day: string;
    recent: boolean;
    n: number;
    value: string;
    gross: string;
    fees: string;
    arrival: string;
  }>(madeRows);
  const [cancelled] = rowsOf<
    Record<'cancelled7' | 'cancelled30', number> & Record<'refunds7' | 'refunds30', string>
  >(cancelledRows);
  const [counts] =
    rowsOf<
      Record<
        'users' | 'hosts' | 'upcoming' | 'open_listings' | 'offered7' | 'booked7' | 'new_feedback',
        number
      >
    >(countRows);
  const window = (rows: typeof made): Omit<WindowFigures, 'cancelled' | 'refundsCents'> => ({
    confirmed: rows.reduce((sum, r) => sum + r.n, 0),
    grossCents: rows.reduce((sum, r) => sum + Number(r.gross), 0),
    feesCents: rows.reduce((sum, r) => sum + Number(r.fees), 0),
    onArrivalCents: rows.reduce((sum, r) => sum + Number(r.arrival), 0),
  });
  // The last 30 UTC days, today last, with the days nobody booked as zeros.
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const perDay = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(today - (29 - i) * DAY_MS).toISOString().slice(0, 10);
    const rows = made.filter((r) => r.day === day);
    return {
      day,
      bookings: rows.reduce((sum, r) => sum + r.n, 0),
      valueCents: rows.reduce((sum, r) => sum + Number(r.value), 0),
    };
  });
  return {
    users: counts!.users,
    hosts: counts!.hosts,
    upcomingEvents: counts!.upcoming,
    openListings: counts!.open_listings,
    next7Days: { spacesOffered: counts!.offered7, spacesBooked: counts!.booked7 },
    last7Days: {
      ...window(made.filter((r) => r.recent)),
      cancelled: cancelled!.cancelled7,
      refundsCents: Number(cancelled!.refunds7),
    },
    last30Days: {
      ...window(made),
      cancelled: cancelled!.cancelled30,
      refundsCents: Number(cancelled!.refunds30),
    },
    newFeedback: counts!.new_feedback,
    perDay,
    asOf: now.toISOString(),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The rows of `db.execute`: postgres.js answers an array, PGlite an object holding one. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
