import { selectListingPlaces } from '../../shared/booking-places';
import { AppError } from '@parkside/core';
import { driveways, events, listings, users, type Database, columnsOf } from '@parkside/db';
import { listingReviewedEmail } from '@parkside/email';
import { enqueueEmails } from '@parkside/email/queue';
import type { AdminListingDecisionInput } from '@parkside/validators';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { nearbyMedianCents } from '../../shared/listing-review';
import { drivewayAddressColumns, milesBetween } from '../../shared/listings';
import { notifyWaitlist } from '../notifications/waitlist-mail';
import { reviewSnapshotOf } from '../../shared/review-snapshot';

/** At most this many listings are shown in the review queue at once (oldest first). */
export const REVIEW_QUEUE_LIMIT = 50;

/**
 * The listings waiting for review, oldest first: the driveway with its photos and position, the
 * event's venue, the host, the flags and what nearby driveways ask for the same event.
 */
export async function listReviewQueue(db: Database) {
  const where = eq(listings.status, 'in_review');
  const [rows, [total]] = await Promise.all([
    selectListingPlaces(db, {
      ...columnsOf(
        listings,
        'id createdAt priceCents spacesOffered reviewFlags earlierReviewReason changesSinceReview',
      ),
      milesFromVenue: milesBetween(driveways, events),
      nearbyMedianCents: nearbyMedianCents(db),
      driveway: {
        id: driveways.id,
        title: driveways.title,
        ...drivewayAddressColumns,
        description: driveways.description,
        photos: driveways.photos,
      },
      event: {
        ...columnsOf(events, 'id title venueName latitude longitude startsAt timeZone'),
      },
      host: { id: users.id, name: users.name, email: users.email, since: users.createdAt },
    })
      .leftJoin(users, eq(users.id, driveways.hostId))
      .where(where)
      .orderBy(asc(listings.createdAt), asc(listings.id))
      .limit(REVIEW_QUEUE_LIMIT),
    db.select({ count: count() }).from(listings).where(where),
  ]);
  return {
    total: total?.count ?? 0,
    listings: rows.map((row) => ({
      ...row,
      milesFromVenue: Math.round(row.milesFromVenue * 100) / 100,
      createdAt: row.createdAt.toISOString(),
      event: { ...row.event, startsAt: row.event.startsAt.toISOString() },
      host: row.host ? { ...row.host, since: row.host.since.toISOString() } : null,
    })),
  };
}

/** A listing waiting for review, locked, with what the host's e-mail names. */
async function lockInReview(tx: Database, listingId: string) {
  const [row] = await selectListingPlaces(tx, {
    id: listings.id,
    status: listings.status,
    eventId: listings.eventId,
    eventTitle: events.title,
    drivewayTitle: driveways.title,
    hostName: users.name,
    hostEmail: users.email,
  })
    .leftJoin(users, eq(users.id, driveways.hostId))
    .where(eq(listings.id, listingId))
    .for('update', { of: listings })
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'No listing has that id.');
  if (row.status !== 'in_review')
    throw new AppError('CONFLICT', 'This listing is not waiting for review (anymore).');
  return row;
}

/**
 * An admin's decision on a listing in review: approved, it goes live (and whoever waits for a
 * space at its event hears); rejected, it stays hidden with the reason. The host is e-mailed
 * either way, in the same transaction.
 */
export async function decideListing(
  tx: Database,
  input: AdminListingDecisionInput,
  publicUrl: string,
) {
  const row = await lockInReview(tx, input.listingId);
  const approved = input.decision === 'approved';
  const reason = input.decision === 'rejected' ? input.reason : null;
  await tx
    .update(listings)
    .set({
      status: approved ? 'open' : 'rejected',
      reviewReason: reason,
      reviewedAt: new Date(),
      // What the admin saw, so a fixed listing sent again shows what changed.
      reviewSnapshot: approved ? null : await reviewSnapshotOf(tx, row.id),
    })
    .where(and(eq(listings.id, row.id), inArray(listings.status, ['in_review'])));
  if (approved) await notifyWaitlist(tx, row.eventId, publicUrl);
  if (row.hostEmail) {
    await enqueueEmails(tx, [
      {
        to: row.hostEmail,
        kind: 'listing-reviewed',
        ...listingReviewedEmail({
          name: row.hostName ?? '',
          drivewayTitle: row.drivewayTitle,
          eventTitle: row.eventTitle,
          decision: input.decision,
          reason,
          url: new URL('/my-listings', publicUrl).toString(),
        }),
      },
    ]);
  }
  return {
    listingId: row.id,
    label: `${row.drivewayTitle} · ${row.eventTitle}`,
    decision: input.decision,
    reason,
  };
}
