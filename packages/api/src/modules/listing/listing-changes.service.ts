import { isUpcoming, lockOwnListing } from './host-listings.service';
import { listings, type Database } from '@parkside/db';
import type { ListingUpdateInput } from '@parkside/validators';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@parkside/core';
import { AppError } from '@parkside/core';
import { notifyWaitlist } from '../notifications/waitlist-mail';
import { inTransaction, type Tx } from '../../transaction';
import { spacesTaken } from '../../shared/listings';
/**
 * The changes a host makes to a listing: price, spaces and window, reopen, spaces alone, close.
 * Each locks the host's own driveway first (`lockOwnListing`); NOT_FOUND for anyone else's.
 */

/**
 * Locks the host's listing and writes its price, spaces and window, checked as `updateListing`
 * says; `only` refuses a listing in another state (a rejected one is fixed and sent again).
 */
export async function writeListingTerms(
  tx: Tx,
  host: SessionUser,
  input: ListingUpdateInput,
  now: Date,
  only?: { expect: 'rejected'; refusal: string },
) {
  const locked = await lockOwnListing(tx, host, input.listingId);
  const { listing, event, driveway } = locked;
  if (only && listing.status !== only.expect) throw new AppError('CONFLICT', only.refusal);
  if (!isUpcoming(event, now))
    throw new AppError('CONFLICT', 'This event is over; its listing can no longer change.');
  if (input.spacesOffered > driveway.capacity) {
    throw new AppError('BAD_REQUEST', `This driveway holds ${driveway.capacity} cars at most.`);
  }
  const booked = await spacesTaken(tx, listing.id);
  if (input.spacesOffered < booked) {
    throw new AppError(
      'CONFLICT',
      `${booked} ${booked === 1 ? 'space is' : 'spaces are'} already booked; cancel bookings before offering fewer.`,
    );
  }
  const [updated] = await tx
    .update(listings)
    .set({
      priceCents: input.priceCents,
      spacesOffered: input.spacesOffered,
      availableFrom: new Date(input.availableFrom),
      availableTo: new Date(input.availableTo),
    })
    .where(eq(listings.id, listing.id))
    .returning();
  return { ...locked, updated: updated!, booked };
}

/**
 * A host changes a listing's price (future bookings only: bookings keep the amounts they were
 * made with), spaces (at most the driveway's capacity, never below the spaces booked) and window.
 */
export async function updateListing(
  db: Database,
  host: SessionUser,
  input: ListingUpdateInput,
  publicUrl: string,
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const { listing, event, updated, booked } = await writeListingTerms(tx, host, input, now);
    if (listing.status === 'open' && input.spacesOffered > listing.spacesOffered)
      await notifyWaitlist(tx, event.id, publicUrl);
    return { ...updated, booked };
  });
}

/** A listing waiting for review, or rejected, neither opens nor closes: an admin decides. */
function refuseUnreviewed(listing: { status: string; reviewReason: string | null }) {
  if (listing.status === 'in_review')
    throw new AppError(
      'CONFLICT',
      'This listing is in review; drivers see it once an admin approves it.',
    );
  if (listing.status === 'rejected')
    throw new AppError(
      'CONFLICT',
      `This listing was not approved${listing.reviewReason ? `: ${listing.reviewReason}` : '.'}`,
    );
}

/** A closed listing opens again for its (still upcoming) event. */
export async function reopenListing(
  db: Database,
  host: SessionUser,
  listingId: string,
  publicUrl: string,
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const { listing, event, driveway } = await lockOwnListing(tx, host, listingId);
    if (listing.status === 'open') return { status: 'open' as const };
    refuseUnreviewed(listing);
    if (!isUpcoming(event, now))
      throw new AppError('CONFLICT', 'This event is over; its listing cannot reopen.');
    if (listing.spacesOffered > driveway.capacity) {
      throw new AppError(
        'CONFLICT',
        `This driveway now holds ${driveway.capacity} cars; offer fewer spaces before reopening.`,
      );
    }
    await tx.update(listings).set({ status: 'open' }).where(eq(listings.id, listing.id));
    await notifyWaitlist(tx, event.id, publicUrl);
    return { status: 'open' as const };
  });
}

/** A host changes how many spaces a listing offers; never below the spaces already booked. */
export async function setSpacesOffered(
  db: Database,
  host: SessionUser,
  listingId: string,
  spaces: number,
  publicUrl: string,
) {
  return inTransaction(db, async (tx) => {
    const { driveway, listing } = await lockOwnListing(tx, host, listingId);
    const capacity = driveway.capacity;
    if (spaces > capacity) {
      throw new AppError('BAD_REQUEST', `This driveway holds ${capacity} cars at most.`);
    }
    const booked = await spacesTaken(tx, listingId);
    if (spaces < booked) {
      throw new AppError(
        'CONFLICT',
        `${booked} spaces are already booked; cancel bookings before offering fewer.`,
      );
    }
    await tx.update(listings).set({ spacesOffered: spaces }).where(eq(listings.id, listingId));
    if (spaces > listing.spacesOffered) await notifyWaitlist(tx, listing.eventId, publicUrl);
    return { spacesOffered: spaces, booked };
  });
}

/** A host closes a listing; one that still has confirmed bookings must have them cancelled first. */
export async function closeListing(db: Database, host: SessionUser, listingId: string) {
  return inTransaction(db, async (tx) => {
    const { listing } = await lockOwnListing(tx, host, listingId);
    refuseUnreviewed(listing);
    if ((await spacesTaken(tx, listingId)) > 0) {
      throw new AppError(
        'CONFLICT',
        'This listing has bookings. Cancel them (the drivers are refunded) before closing it.',
      );
    }
    await tx.update(listings).set({ status: 'closed' }).where(eq(listings.id, listingId));
    return { status: 'closed' as const };
  });
}
