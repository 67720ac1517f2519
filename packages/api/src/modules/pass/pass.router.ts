import { passCheckInInput } from '@parkside/validators';
import { z } from 'zod';
import { router, verifiedProcedure } from '../../trpc';
import { checkIn, requirePass, listArrivals, passKey } from './pass.service';

const bookingIdInput = z.strictObject({
  bookingId: z.uuid({ message: 'Booking id must be a UUID.' }),
});

/** The driver's pass; the host's arrivals and check-in. */
export const passRouter = router({
  /** The booking's driver only (NOT_FOUND for anyone else). */
  get: verifiedProcedure
    .input(bookingIdInput)
    .query(async ({ ctx, input }) =>
      requirePass(
        ctx.db,
        ctx.user,
        input.bookingId,
        await passKey(ctx.db, ctx.settings.passSecret),
      ),
    ),

  /** The cars expected today and tomorrow on the caller's driveways. */
  arrivals: verifiedProcedure.query(({ ctx }) => listArrivals(ctx.db, ctx.user)),

  /** By the pass's code (scanned or typed) or by a booking from the arrivals list. */
  checkIn: verifiedProcedure
    .meta({ scope: 'listings:write' })
    .input(passCheckInInput)
    .mutation(async ({ ctx, input }) =>
      checkIn(ctx.db, ctx.user, input, await passKey(ctx.db, ctx.settings.passSecret)),
    ),
});
