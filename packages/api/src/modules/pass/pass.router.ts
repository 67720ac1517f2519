import { passCheckInInput } from '@parkside/validators';
import { z } from 'zod';
import { router, verifiedProcedure } from '../../trpc';
import { listSavedForOffline } from './offline.service';
import { checkIn } from './check-in.service';
import { requirePass, listArrivals, passKey } from './pass.service';

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
  arrivals: verifiedProcedure.query(async ({ ctx }) =>
    listArrivals(ctx.db, ctx.user, await passKey(ctx.db, ctx.settings.passSecret)),
  ),

  /** What the caller's phone keeps for game day without a signal: passes and arrivals. */
  offline: verifiedProcedure.query(async ({ ctx }) =>
    listSavedForOffline(ctx.db, ctx.user, await passKey(ctx.db, ctx.settings.passSecret)),
  ),

  /** By the gate code, the QR's signed code, or a booking from the arrivals list. */
  checkIn: verifiedProcedure
    .meta({ scope: 'listings:write', rerunnable: true })
    .input(passCheckInInput)
    .mutation(async ({ ctx, input }) =>
      checkIn(ctx.db, ctx.user, input, {
        key: await passKey(ctx.db, ctx.settings.passSecret),
        limits: ctx.limits,
      }),
    ),
});
