import { reviewSaveInput } from '@parkside/validators';
import { z } from 'zod';
import { router, verifiedProcedure } from '../../trpc';
import { bookingReviews, saveReview } from './review.service';

/** Reviews of a booking, by and for its driver and host only. */
export const reviewRouter = router({
  forBooking: verifiedProcedure
    .input(z.strictObject({ bookingId: z.uuid({ message: 'Booking id must be a UUID.' }) }))
    .query(({ ctx, input }) => bookingReviews(ctx.db, ctx.user, input.bookingId)),

  save: verifiedProcedure
    .meta({ scope: 'bookings:write' })
    .input(reviewSaveInput)
    .mutation(({ ctx, input }) => saveReview(ctx.db, ctx.user, input)),
});
