import { accountRouter } from './modules/account/account.router';
import { adminRouter } from './modules/admin/admin.router';
import { availabilityRouter } from './modules/availability/availability.router';
import { bookingRouter } from './modules/booking/booking.router';
import { eventRouter } from './modules/event/event.router';
import { feedbackRouter } from './modules/feedback/feedback.router';
import { geocodeRouter } from './modules/geocode/geocode.router';
import { listingRouter } from './modules/listing/listing.router';
import { messageRouter } from './modules/message/message.router';
import { parkingReportRouter } from './modules/parking-report/parking-report.router';
import { passRouter } from './modules/pass/pass.router';
import { payoutRouter } from './modules/payment/payout.router';
import { reviewRouter } from './modules/review/review.router';
import { apiTokenRouter } from './modules/api-token/api-token.router';
import { storageRouter } from './modules/storage/storage.router';
import { systemRouter } from './modules/system/system.router';
import { waitlistRouter } from './modules/waitlist/waitlist.router';
import { webhookRouter } from './modules/webhook/webhook.router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  account: accountRouter,
  admin: adminRouter,
  availability: availabilityRouter,
  apiToken: apiTokenRouter,
  booking: bookingRouter,
  event: eventRouter,
  feedback: feedbackRouter,
  geocode: geocodeRouter,
  listing: listingRouter,
  message: messageRouter,
  parkingReport: parkingReportRouter,
  pass: passRouter,
  payout: payoutRouter,
  review: reviewRouter,
  storage: storageRouter,
  system: systemRouter,
  waitlist: waitlistRouter,
  webhook: webhookRouter,
});

export type AppRouter = typeof appRouter;

/** An in-process caller: `createCaller(createContext({ db, headers })).event.list({})`. */
export const createCaller = createCallerFactory(appRouter);
export type ApiCaller = ReturnType<typeof createCaller>;
