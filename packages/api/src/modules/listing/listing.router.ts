import { drivewayCreateInput, listingsForEventInput } from '@parkside/validators';
import { z } from 'zod';
import { publicProcedure, router, verifiedProcedure } from '../../trpc';
import { closeListing, setSpacesOffered } from '../booking/booking.service';
import { createDrivewayWithListing, listingsForEvent } from './listing.service';

const listingId = z.uuid({ message: 'Listing id must be a UUID.' });

export const listingRouter = router({
  /** What drivers see on /rent: open listings of an event, with spaces left. */
  forEvent: publicProcedure
    .input(listingsForEventInput)
    .query(({ ctx, input }) => listingsForEvent(ctx.db, input)),

  /** A driveway and its first event listing; the user becomes a host. */
  createWithDriveway: verifiedProcedure
    .input(drivewayCreateInput)
    .mutation(({ ctx, input }) =>
      createDrivewayWithListing(ctx.db, ctx.user, input, ctx.publicUrl),
    ),

  setSpaces: verifiedProcedure
    .input(z.object({ listingId, spacesOffered: z.number().int().min(1).max(50) }).strict())
    .mutation(({ ctx, input }) =>
      setSpacesOffered(ctx.db, ctx.user, input.listingId, input.spacesOffered, ctx.publicUrl),
    ),

  close: verifiedProcedure
    .input(z.object({ listingId }).strict())
    .mutation(({ ctx, input }) => closeListing(ctx.db, ctx.user, input.listingId)),
});
