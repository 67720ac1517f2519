/**
 * Two-way reviews after an event (decision 031): the driver rates the driveway, the host rates
 * the driver; 1 to 5 stars and up to 1,000 characters, once per booking and side, editable for
 * 14 days. Only the booking's two people may see or write them here.
 */
import { selectBookingPlaces } from '../../shared/booking-places';
import { bookingSide } from '../../shared/booking-sides';
import { AppError, type SessionUser } from '@parkside/core';
import { bookings, columnsOf, driveways, events, reviews, type Database } from '@parkside/db';
import type { ReviewSaveInput } from '@parkside/validators';
import { and, eq } from 'drizzle-orm';
import { REVIEW_EDIT_DAYS } from '../../shared/reviews';

const DAY = 86_400_000;

export const REVIEW_ERRORS = {
  notYet: 'You can review this booking once the event is over.',
  cancelled: 'A cancelled booking cannot be reviewed.',
  locked: `Reviews can be changed for ${REVIEW_EDIT_DAYS} days; this one is final now.`,
} as const;

async function bookingFor(db: Database, user: SessionUser, bookingId: string) {
  const [row] = await selectBookingPlaces(db, {
    ...columnsOf(bookings, 'id status driverId'),
    hostId: driveways.hostId,
    drivewayId: driveways.id,
    endsAt: events.endsAt,
  })
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return bookingSide(row, user);
}

const view = (review: typeof reviews.$inferSelect | undefined) =>
  review
    ? {
        rating: review.rating,
        body: review.body,
        createdAt: review.createdAt.toISOString(),
        updatedAt: review.updatedAt.toISOString(),
      }
    : null;

/** A booking's reviews as one of its two people sees them, and whether they may write theirs. */
export async function bookingReviews(
  db: Database,
  user: SessionUser,
  bookingId: string,
  now = new Date(),
) {
  const booking = await bookingFor(db, user, bookingId);
  const rows = await db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
  const mine = rows.find((r) => r.authorRole === booking.role);
  const theirs = rows.find((r) => r.authorRole !== booking.role);
  const open = booking.status === 'confirmed' && booking.endsAt <= now;
  return {
    role: booking.role,
    mine: view(mine),
    theirs: view(theirs),
    canWrite: open && (!mine || now.getTime() - mine.createdAt.getTime() < REVIEW_EDIT_DAYS * DAY),
    editableUntil: mine
      ? new Date(mine.createdAt.getTime() + REVIEW_EDIT_DAYS * DAY).toISOString()
      : null,
  };
}

/** Writes (or, within 14 days, changes) the caller's review of a booking. */
export async function saveReview(
  db: Database,
  user: SessionUser,
  input: ReviewSaveInput,
  now = new Date(),
) {
  const booking = await bookingFor(db, user, input.bookingId);
  if (booking.status !== 'confirmed') throw new AppError('CONFLICT', REVIEW_ERRORS.cancelled);
  if (booking.endsAt > now) throw new AppError('CONFLICT', REVIEW_ERRORS.notYet);
  const [existing] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.bookingId, booking.id), eq(reviews.authorRole, booking.role)));
  if (existing) {
    if (now.getTime() - existing.createdAt.getTime() >= REVIEW_EDIT_DAYS * DAY) {
      throw new AppError('CONFLICT', REVIEW_ERRORS.locked);
    }
    const [updated] = await db
      .update(reviews)
      .set({ rating: input.rating, body: input.body ?? '', updatedAt: now })
      .where(eq(reviews.id, existing.id))
      .returning();
    return view(updated)!;
  }
  const [created] = await db
    .insert(reviews)
    .values({
      bookingId: booking.id,
      authorRole: booking.role,
      authorId: user.id,
      subjectId: booking.role === 'driver' ? booking.hostId : booking.driverId,
      drivewayId: booking.role === 'driver' ? booking.drivewayId : null,
      rating: input.rating,
      body: input.body ?? '',
      createdAt: now,
      updatedAt: now,
    })
    // Two saves at once: the second finds the first and changes it.
    .onConflictDoUpdate({
      target: [reviews.bookingId, reviews.authorRole],
      set: { rating: input.rating, body: input.body ?? '', updatedAt: now },
    })
    .returning();
  return view(created)!;
}
