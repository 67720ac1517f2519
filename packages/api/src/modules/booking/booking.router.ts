import { bookingCancelInput, bookingCreateInput } from '@parkside/validators';
import type { Context } from '../../context';
import { router, verifiedProcedure } from '../../trpc';
import { noPaymentProvider } from './payment';
import { cancelBooking, createBooking, type BookingRules } from './booking.service';

const rulesOf = (ctx: Context): BookingRules => ({
  feeBps: ctx.platformFeeBps,
  cancelFullRefundHours: ctx.cancelFullRefundHours,
  payments: noPaymentProvider,
});

/** Amounts are never taken from the input: the strict schemas have no price fields. */
export const bookingRouter = router({
  create: verifiedProcedure
    .input(bookingCreateInput)
    .mutation(({ ctx, input }) => createBooking(ctx.db, ctx.user, input, rulesOf(ctx))),

  cancel: verifiedProcedure
    .input(bookingCancelInput)
    .mutation(({ ctx, input }) => cancelBooking(ctx.db, ctx.user, input, rulesOf(ctx))),
});
