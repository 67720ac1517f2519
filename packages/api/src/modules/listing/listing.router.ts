import {
  drivewayCreateInput,
  drivewayUpdateInput,
  listingAddInput,
  listingIdInput,
  listingsForEventInput,
  eventsNearDrivewayInput,
  eventsNearPointInput,
  listingsForEventsInput,
  listingUpdateInput,
  priceHelpInput,
} from '@parkside/validators';
import { z } from 'zod';
import { replicaReadProcedure, router, verifiedProcedure } from '../../trpc';
import { sendListingAgain } from './listing-sent-again.service';
import { addListing, createDrivewayWithListing } from './host-listings.service';
import {
  closeListing,
  reopenListing,
  setSpacesOffered,
  updateListing,
} from './listing-changes.service';
import { requireHostListing, listHostDriveways } from './host-listings.queries';
import { updateDriveway } from './driveway-changes.service';
import { listingsForEvent } from './listing-search.service';
import { rentPage } from './rent-page';
import { drivewayPage } from './driveway-page';
import { priceHelp } from './price-help';
import { addListingsForEvents, eventsNearDriveway, eventsNearPoint } from './many-events';

const listingId = z.uuid({ message: 'Listing id must be a UUID.' });

export const listingRouter = router({
  /** What drivers see on /rent: open listings of an event, with spaces left. */
  forEvent: replicaReadProcedure
    .input(listingsForEventInput)
    .query(({ ctx, input }) => listingsForEvent(ctx.db, input)),

  /**
   * Everything /rent shows in one call: the event, the page of listings with each driveway's
   * first photo, whether the event is full and whether the signed-in user waits for a space.
   */
  rentPage: replicaReadProcedure
    .input(listingsForEventInput)
    .query(({ ctx, input }) => rentPage(ctx.db, ctx.user, input)),

  /**
   * One listing's page for drivers (/rent/LISTING_ID): photos, host, reviews, the walk, the
   * refund rule and whether it can be booked. Public; no exact address before booking.
   */
  drivewayPage: replicaReadProcedure
    .input(listingIdInput)
    .query(({ ctx, input }) =>
      drivewayPage(
        ctx.db,
        ctx.payments,
        ctx.user,
        input.listingId,
        ctx.settings.cancelFullRefundHours,
      ),
    ),

  /**
   * Price help for hosts: what open listings within a mile ask for the same event (median,
   * lowest, highest). Public, as those prices are on /rent.
   */
  priceHelp: replicaReadProcedure
    .input(priceHelpInput)
    .query(({ ctx, input }) => priceHelp(ctx.db, input)),

  /** A driveway and its first event listing; the user becomes a host. */
  createWithDriveway: verifiedProcedure
    .meta({ scope: 'listings:write' })
    .input(drivewayCreateInput)
    .mutation(({ ctx, input }) =>
      createDrivewayWithListing(ctx.db, ctx.user, input, ctx.settings.publicUrl),
    ),

  setSpaces: verifiedProcedure
    .meta({ scope: 'listings:write' })
    .input(z.object({ listingId, spacesOffered: z.number().int().min(1).max(50) }).strict())
    .mutation(({ ctx, input }) =>
      setSpacesOffered(
        ctx.db,
        ctx.user,
        input.listingId,
        input.spacesOffered,
        ctx.settings.publicUrl,
      ),
    ),

  close: verifiedProcedure
    .meta({ scope: 'listings:write' })
    .input(z.object({ listingId }).strict())
    .mutation(({ ctx, input }) => closeListing(ctx.db, ctx.user, input.listingId)),

  /** The signed-in host's driveways, their listings per event and the bookings (/my-listings). */
  mine: verifiedProcedure.query(({ ctx }) => listHostDriveways(ctx.db, ctx.user)),

  /** One of the host's own listings, summarised (NOT_FOUND for anyone else's). */
  mineById: verifiedProcedure
    .input(listingIdInput)
    .query(({ ctx, input }) => requireHostListing(ctx.db, ctx.user, input.listingId)),

  /** Price (future bookings only), spaces and window of one of the host's listings. */
  update: verifiedProcedure
    .meta({ scope: 'listings:write' })
    .input(listingUpdateInput)
    .mutation(({ ctx, input }) => updateListing(ctx.db, ctx.user, input, ctx.settings.publicUrl)),

  /** A listing that was not approved, fixed by its host, back to the review queue. */
  sendAgain: verifiedProcedure
    .meta({ scope: 'listings:write' })
    .input(listingUpdateInput)
    .mutation(({ ctx, input }) => sendListingAgain(ctx.db, ctx.user, input)),

  reopen: verifiedProcedure
    .meta({ scope: 'listings:write' })
    .input(listingIdInput)
    .mutation(({ ctx, input }) =>
      reopenListing(ctx.db, ctx.user, input.listingId, ctx.settings.publicUrl),
    ),

  /** One of the host's driveways offered for another upcoming event. */
  add: verifiedProcedure
    .meta({ scope: 'listings:write' })
    .input(listingAddInput)
    .mutation(({ ctx, input }) => addListing(ctx.db, ctx.user, input, ctx.settings.publicUrl)),

  /** Upcoming events near one of the host's driveways that it is not listed for yet. */
  eventsNear: verifiedProcedure
    .input(eventsNearDrivewayInput)
    .query(({ ctx, input }) => eventsNearDriveway(ctx.db, ctx.user, input)),

  /** The events a new driveway's form offers, around its pin. */
  eventsNearPoint: verifiedProcedure
    .input(eventsNearPointInput)
    .query(({ ctx, input }) => eventsNearPoint(ctx.db, input)),

  /** One of the host's driveways listed for several events at once: all or none. */
  addForEvents: verifiedProcedure
    .meta({ scope: 'listings:write' })
    .input(listingsForEventsInput)
    .mutation(({ ctx, input }) =>
      addListingsForEvents(ctx.db, ctx.user, input, ctx.settings.publicUrl),
    ),

  updateDriveway: verifiedProcedure
    .meta({ scope: 'listings:write' })
    .input(drivewayUpdateInput)
    .mutation(({ ctx, input }) => updateDriveway(ctx.db, ctx.user, input)),
});
