import { bookingCancelInput, bookingCreateInput, text } from '@parkside/validators';
import { z } from 'zod';
import type { Context } from '../../context';
import { router, verifiedProcedure } from '../../trpc';
import { hostTakesOnlinePayment } from '../../shared/payouts';
import { refundRule } from '../../shared/refund-rule';
import {
  EVENT_BOOKINGS_PAGE_SIZE,
  requireDriverBooking,
  requireListingForBooking,
  listDriverBookings,
  listEventBookings,
} from './booking.queries';
import { cancelBooking, createBooking, releaseBooking, type BookingRules } from './booking.service';

const rulesOf = (ctx: Context): BookingRules => ({
  settings: ctx.settings,
  payments: ctx.payments,
});

/** Amounts are never taken from the input: the strict schemas have no price fields. */
export const bookingRouter = router({
  create: verifiedProcedure
    .meta({ scope: 'bookings:write', rerunnable: true })
    .input(bookingCreateInput)
    .mutation(({ ctx, input }) => createBooking(ctx.db, ctx.user, input, rulesOf(ctx))),

  /** The signed-in driver's bookings, newest event first. */
  mine: verifiedProcedure.query(({ ctx }) =>
    listDriverBookings(ctx.db, ctx.user.id, ctx.settings.cancelFullRefundHours),
  ),

  /** One of the driver's own bookings (NOT_FOUND for anyone else's). */
  byId: verifiedProcedure
    .input(z.object({ bookingId: z.uuid() }).strict())
    .query(({ ctx, input }) =>
      requireDriverBooking(
        ctx.db,
        ctx.user.id,
        input.bookingId,
        ctx.settings.cancelFullRefundHours,
      ),
    ),

  /** What the driver is about to book, and whether it is paid online now or on arrival. */
  preview: verifiedProcedure
    .input(z.object({ listingId: z.uuid({ message: 'Listing id must be a UUID.' }) }).strict())
    .query(async ({ ctx, input }) => {
      const { hostId, ...listing } = await requireListingForBooking(
        ctx.db,
        ctx.user,
        input.listingId,
      );
      return {
        ...listing,
        refund: refundRule(
          new Date(listing.startsAt),
          listing.priceCents,
          ctx.settings.cancelFullRefundHours,
        ),
        onlinePayments: ctx.payments.online,
        payOnline: await hostTakesOnlinePayment(ctx.db, ctx.payments, hostId),
      };
    }),

  /** The driver left the payment page: the held space is freed at once. */
  release: verifiedProcedure
    .meta({ scope: 'bookings:write', rerunnable: true })
    .input(z.object({ bookingId: z.uuid({ message: 'Booking id must be a UUID.' }) }).strict())
    .mutation(({ ctx, input }) => releaseBooking(ctx.db, ctx.user, input.bookingId, rulesOf(ctx))),

  /** An event's bookings, paged: on the host's own driveways, or every one for an admin. */
  forEvent: verifiedProcedure
    .input(
      z.strictObject({
        eventId: z.uuid({ message: 'Event id must be a UUID.' }),
        cursor: text().max(200).optional(),
        limit: z.number().int().min(1).max(EVENT_BOOKINGS_PAGE_SIZE.max).optional(),
      }),
    )
    .query(({ ctx, input }) => listEventBookings(ctx.db, ctx.user, input)),

  cancel: verifiedProcedure
    .meta({ scope: 'bookings:write', rerunnable: true })
    .input(bookingCancelInput)
    .mutation(({ ctx, input }) => cancelBooking(ctx.db, ctx.user, input, rulesOf(ctx))),
});
