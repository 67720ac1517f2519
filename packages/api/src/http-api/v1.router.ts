import {
  adminListingDecisionInput,
  adminUsersInput,
  bookingCancelInput,
  bookingCreateInput,
  eventListQueryInput,
  listingsForEventInput,
  passCheckInInput,
} from '@parkside/validators';
import { z } from 'zod';
import type { Context } from '../context';
import { createCaller } from '../root';
import { httpProcedure, router } from '../trpc';
import { datesAsText } from './json';
import {
  bookingShape,
  checkInShape,
  driverBookingShape,
  eventListingsShape,
  eventPageShape,
  figuresShape,
  listingDecisionShape,
  reviewQueueShape,
  userPageShape,
} from './shapes';

/**
 * The described HTTP API under /api/v1 (decision 067): plain paths for what internal tools use,
 * each calling one procedure of the site's own router, with that procedure's input schema (or one
 * branch of it) and a public output shape. Who may call, scopes, limits and errors are the
 * called procedure's own.
 */
const site = (ctx: Context) => createCaller(ctx);

const [byCode, byBooking] = passCheckInInput.options;
const [approval, rejection] = adminListingDecisionInput.options;
const noInput = z.object({}).strict();

export const v1Router = router({
  listEvents: httpProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/events',
        tags: ['Events'],
        summary: 'Upcoming events',
        description:
          'Soonest first. `q` searches titles, venues and cities; `from` and `to` are calendar days (YYYY-MM-DD). Pass `nextCursor` back as `cursor` for the next page. No token needed.',
        protect: false,
      },
    })
    .input(eventListQueryInput)
    .output(eventPageShape)
    .query(({ ctx, input }) => site(ctx).event.list(input)),

  listEventListings: httpProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/events/{eventId}/listings',
        tags: ['Events'],
        summary: "An event's open driveways",
        description:
          'The driveways drivers can book for the event, cheapest or nearest first, with spaces left. Repeat `amenities` for several. No token needed.',
        protect: false,
      },
    })
    .input(listingsForEventInput)
    .output(eventListingsShape)
    .query(({ ctx, input }) => site(ctx).listing.forEvent(input)),

  listBookings: httpProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/bookings',
        tags: ['Bookings'],
        summary: "The token owner's bookings",
        description: 'Newest event first. Scope: `read`.',
      },
    })
    .input(noInput)
    .output(z.array(driverBookingShape))
    .query(({ ctx }) => site(ctx).booking.mine()),

  createBooking: httpProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/bookings',
        tags: ['Bookings'],
        summary: 'Book a space',
        description:
          "The price is the listing's own; nothing in the body sets it. Send a fresh `idempotencyKey` per booking, in the body or as the `Idempotency-Key` header: the same key again answers the same booking instead of making a second one. Scope: `bookings:write`.",
        requestHeaders: z.object({
          'Idempotency-Key': z.string().optional().meta({
            description: 'Instead of `idempotencyKey` in the body.',
          }),
        }),
      },
    })
    .input(bookingCreateInput)
    .output(bookingShape)
    .mutation(async ({ ctx, input }) => datesAsText(await site(ctx).booking.create(input))),

  cancelBooking: httpProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/bookings/{bookingId}/cancel',
        tags: ['Bookings'],
        summary: 'Cancel a booking',
        description:
          "The driver's own booking, or one on the host's driveway; the refund follows the cancellation rules. Cancelling again answers the cancelled booking. Scope: `bookings:write`.",
      },
    })
    .input(bookingCancelInput)
    .output(bookingShape)
    .mutation(async ({ ctx, input }) => datesAsText(await site(ctx).booking.cancel(input))),

  checkInByCode: httpProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/check-ins',
        tags: ['Check-ins'],
        summary: 'Check a car in by its code',
        description:
          "The six-character gate code (any case, spaces allowed) or the QR's signed code, among the passes for the token owner's driveways. Checking in again answers `alreadyCheckedIn: true`. Scope: `listings:write`.",
      },
    })
    .input(byCode)
    .output(checkInShape)
    .mutation(({ ctx, input }) => site(ctx).pass.checkIn(input)),

  checkInBooking: httpProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/bookings/{bookingId}/check-in',
        tags: ['Check-ins'],
        summary: 'Check a booking in',
        description:
          "A booking on the token owner's driveway, in its parking window. Scope: `listings:write`.",
      },
    })
    .input(byBooking)
    .output(checkInShape)
    .mutation(({ ctx, input }) => site(ctx).pass.checkIn(input)),

  listingsToReview: httpProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/admin/listings/review',
        tags: ['Admin'],
        summary: 'Listings waiting for review',
        description: 'Oldest first, with their flags. Admins only; scope: `admin`.',
      },
    })
    .input(noInput)
    .output(reviewQueueShape)
    .query(({ ctx }) => site(ctx).admin.listingQueue()),

  approveListing: httpProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/admin/listings/{listingId}/approve',
        tags: ['Admin'],
        summary: 'Approve a listing',
        description: 'It goes live and its host hears. Admins only; scope: `admin`.',
      },
    })
    .input(approval.omit({ decision: true }))
    .output(listingDecisionShape)
    .mutation(({ ctx, input }) =>
      site(ctx).admin.decideListing({ ...input, decision: 'approved' }),
    ),

  rejectListing: httpProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/admin/listings/{listingId}/reject',
        tags: ['Admin'],
        summary: 'Reject a listing',
        description: 'The host is told the reason. Admins only; scope: `admin`.',
      },
    })
    .input(rejection.omit({ decision: true }))
    .output(listingDecisionShape)
    .mutation(({ ctx, input }) =>
      site(ctx).admin.decideListing({ ...input, decision: 'rejected' }),
    ),

  figures: httpProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/admin/figures',
        tags: ['Admin'],
        summary: 'Marketplace figures',
        description:
          'People, bookings and money for the last 7 and 30 days, as /admin shows them. Admins only; scope: `admin`.',
      },
    })
    .input(noInput)
    .output(figuresShape)
    .query(({ ctx }) => site(ctx).admin.overview()),

  findUsers: httpProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/admin/users',
        tags: ['Admin'],
        summary: 'People by e-mail or name',
        description:
          '`q` matches e-mail addresses and names; newest first, 50 a page. Admins only; scope: `admin`.',
      },
    })
    .input(adminUsersInput)
    .output(userPageShape)
    .query(({ ctx, input }) => site(ctx).admin.users(input)),
});

export type V1Router = typeof v1Router;
