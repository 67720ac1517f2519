/**
 * Review reads every area shows: a driveway's, a host's and a driver's average, the review a person wrote
 * of a booking, and whether it can still be written or changed.
 */
import { reviews } from '@parkside/db';
import { sql, type SQLWrapper } from 'drizzle-orm';

/** How long after writing it a review can still be changed. */
export const REVIEW_EDIT_DAYS = 14;
const DAY = 86_400_000;

/**
 * The average (null without any) and count of the reviews written by `author` whose `about`
 * column is the current row's `id`.
 */
function ratingOf(about: 'driveway_id' | 'subject_id', id: SQLWrapper, author: 'driver' | 'host') {
  // Both names are from the closed lists above: written into the statement as the queries had
  // them, so each keeps one plan.
  const theirs = sql`${reviews} r where r.${sql.raw(about)} = ${id} and r.author_role = ${sql.raw(`'${author}'`)}`;
  return {
    average: sql<number | null>`(select round(avg(r.rating)::numeric, 1)::float8 from ${theirs})`,
    count: sql<number>`(select count(*)::int from ${theirs})`,
  };
}

/** A driveway's average rating and count from drivers' reviews (null average without any). */
export function drivewayRating(drivewayId: SQLWrapper) {
  const { average, count } = ratingOf('driveway_id', drivewayId, 'driver');
  return { ratingAverage: average, ratingCount: count };
}

/** A host's average rating and count from drivers' reviews of them. */
export function hostRating(hostId: SQLWrapper) {
  const { average, count } = ratingOf('subject_id', hostId, 'driver');
  return { hostRatingAverage: average, hostRatingCount: count };
}

/** A driver's average rating and count from hosts' reviews. */
export function driverRating(driverId: SQLWrapper) {
  const { average, count } = ratingOf('subject_id', driverId, 'host');
  return { driverRatingAverage: average, driverRatingCount: count };
}

/** The review `role` wrote of the booking in the current row (for the lists of bookings). */
export function ownReviewOf(bookingId: SQLWrapper, role: 'driver' | 'host') {
  return {
    reviewRating: sql<number | null>`(select r.rating from ${reviews} r
      where r.booking_id = ${bookingId} and r.author_role = ${role})`,
    reviewBody: sql<string | null>`(select r.body from ${reviews} r
      where r.booking_id = ${bookingId} and r.author_role = ${role})`,
    reviewCreatedAt: sql<string | null>`(select r.created_at from ${reviews} r
      where r.booking_id = ${bookingId} and r.author_role = ${role})`,
  };
}

/** What a list of bookings says about reviewing one. */
export function reviewStateOf(
  row: {
    status: string;
    endsAt: Date;
    reviewRating: number | null;
    reviewBody: string | null;
    reviewCreatedAt: string | Date | null;
  },
  now = new Date(),
) {
  const created = row.reviewCreatedAt ? new Date(row.reviewCreatedAt) : null;
  const until = created ? new Date(created.getTime() + REVIEW_EDIT_DAYS * DAY) : null;
  return {
    rating: row.reviewRating,
    body: row.reviewBody,
    editableUntil: until?.toISOString() ?? null,
    /** The event is over, the booking stood, and the review is new or under 14 days old. */
    open: row.status === 'confirmed' && row.endsAt <= now && (!until || until > now),
  };
}
