import type { SessionUser } from '@parkside/core';
import { listings, type Database } from '@parkside/db';
import type { ListingUpdateInput } from '@parkside/validators';
import { eq } from 'drizzle-orm';
import { reviewOfDriveway, reviewOfNewListing } from '../../shared/listing-review';
import { changesBetween, reviewSnapshotOf } from '../../shared/review-snapshot';
import { inTransaction } from '../../transaction';
import { writeListingTerms } from './listing-changes.service';

/**
 * A listing an admin did not approve, fixed by its host and sent again (decision 060): the admin
 * sees the earlier reason and what changed since the rejection.
 */

/**
 * The host sends a rejected listing again, with the terms they fixed (the driveway's own details
 * are changed through its form first): it goes back to the review queue, in one transaction.
 */
export async function sendListingAgain(
  db: Database,
  host: SessionUser,
  input: ListingUpdateInput,
  now = new Date(),
) {
  return inTransaction(db, async (tx) => {
    const locked = await writeListingTerms(tx, host, input, now, {
      expect: 'rejected',
      refusal: 'Only a listing that was not approved can be sent again.',
    });
    const changes = changesBetween(
      locked.listing.reviewSnapshot ?? {},
      await reviewSnapshotOf(tx, locked.listing.id),
    );
    // What would flag it now (the host may have been approved since, or added photos).
    const { driveway, event } = locked;
    const { reviewFlags } = await reviewOfNewListing(
      tx,
      driveway,
      await reviewOfDriveway(tx, driveway),
      event,
      input.priceCents,
    );
    await tx
      .update(listings)
      .set({
        status: 'in_review',
        reviewFlags,
        earlierReviewReason: locked.listing.reviewReason,
        reviewReason: null,
        reviewedAt: null,
        changesSinceReview: changes,
      })
      .where(eq(listings.id, locked.listing.id));
    return { status: 'in_review' as const, changes };
  });
}
