import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { httpStatusOf, publicMessageOf } from '@parkside/api/errors';
import {
  addListingFormInput,
  addListingsFormInput,
  drivewayPhotoFormInput,
  editDrivewayFormInput,
  editListingFormInput,
  fromZonedInput,
  hostCancelBookingFormInput,
  listingIdInput,
  type ListingUpdateInput,
} from '@parkside/validators';
import { data, type AppLoadContext } from '@remix-run/node';
import type { z } from 'zod';
import { redirectWithToast } from './toast';

/** What a host reads when a new listing waits for an admin (listing review, decision 036). */
const REVIEW_NOTE = 'Drivers see a listing once we have checked it, usually within a day.';

interface Replyable {
  reply: (options?: { formErrors?: string[] }) => SubmissionResult<string[]>;
}

/** A refused form: its errors and typed values go back to that form only. */
function refuse(
  intent: string,
  target: string,
  submission: Replyable,
  status: number,
  message?: string,
) {
  return data(
    { intent, target, result: submission.reply(message ? { formErrors: [message] } : undefined) },
    { status },
  );
}

const done = (title: string, description?: string) =>
  redirectWithToast('/my-listings', {
    type: 'success',
    title,
    ...(description ? { description } : {}),
  });

/** A listing's terms as the form gives them (price in cents already), in the API's names. */
const listingTerms = (v: {
  drivewayId: string;
  price: number;
  spacesOffered: number;
  licensePlateRequired: boolean;
}) => ({
  drivewayId: v.drivewayId,
  priceCents: v.price,
  spacesOffered: v.spacesOffered,
  licensePlateRequired: v.licensePlateRequired,
});

/**
 * Parses one form of /my-listings and runs `work` with its value. Refusals (bad input, or the
 * API saying no: not found, conflicts) come back to the same form with what was typed.
 */
async function handle<S extends z.ZodType>(
  formData: FormData,
  intent: string,
  target: string,
  schema: S,
  work: (
    value: z.output<S>,
    refuseWith: (message: string) => ReturnType<typeof refuse>,
  ) => Promise<Response | ReturnType<typeof refuse>>,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') return refuse(intent, target, submission, 400);
  try {
    return await work(submission.value as z.output<S>, (message) =>
      refuse(intent, target, submission, 400, message),
    );
  } catch (error) {
    const status = httpStatusOf(error);
    if (status >= 500) throw error;
    return refuse(intent, target, submission, status, publicMessageOf(error));
  }
}

/** Runs one of /my-listings' forms through the API. */
export async function runHostAction(context: AppLoadContext, formData: FormData) {
  const intent = String(formData.get('intent') ?? '');
  // The button that chose the form is not part of the input (the API's schemas are strict).
  formData.delete('intent');
  const field = (name: string) => String(formData.get(name) ?? '');
  const api = context.api.listing;
  /** A listing's terms as typed, in the API's words: the window read in the event's own zone. */
  const withTerms = async (
    v: z.output<typeof editListingFormInput>,
    refuseWith: (message: string) => ReturnType<typeof refuse>,
    save: (terms: ListingUpdateInput) => Promise<Response>,
  ) => {
    const { timeZone } = await api.mineById({ listingId: v.listingId });
    const from = fromZonedInput(v.availableFrom, timeZone);
    const to = fromZonedInput(v.availableTo, timeZone);
    if (!from || !to) return refuseWith('Enter the window as dates and times.');
    return save({
      listingId: v.listingId,
      priceCents: v.price,
      spacesOffered: v.spacesOffered,
      availableFrom: from,
      availableTo: to,
    });
  };
  switch (intent) {
    case 'update-listing':
      return handle(formData, intent, field('listingId'), editListingFormInput, (v, refuseWith) =>
        withTerms(v, refuseWith, async (terms) => {
          await api.update(terms);
          return done('Listing saved.');
        }),
      );
    case 'send-listing-again':
      return handle(formData, intent, field('listingId'), editListingFormInput, (v, refuseWith) =>
        withTerms(v, refuseWith, async (terms) => {
          await api.sendAgain(terms);
          return done('Sent for review again.', REVIEW_NOTE);
        }),
      );
    case 'close-listing-status':
      return handle(formData, intent, field('listingId'), listingIdInput, async (v) => {
        await api.close(v);
        return done('Listing closed.', 'Drivers no longer see it.');
      });
    case 'open-listing-status':
      return handle(formData, intent, field('listingId'), listingIdInput, async (v) => {
        await api.reopen(v);
        return done('Listing reopened.', 'Drivers can book it again.');
      });
    case 'update-driveway':
      return handle(formData, intent, field('drivewayId'), editDrivewayFormInput, async (v) => {
        await api.updateDriveway(v);
        return done('Driveway saved.');
      });
    case 'add-listing':
      return handle(formData, intent, field('drivewayId'), addListingFormInput, async (v) => {
        const { status } = await api.add({ ...listingTerms(v), eventId: v.eventId });
        return status === 'in_review'
          ? done('Listed for another event, in review.', REVIEW_NOTE)
          : done('Your driveway is listed for another event.');
      });
    case 'add-listings':
      return handle(formData, intent, field('drivewayId'), addListingsFormInput, async (v) => {
        const { created } = await api.addForEvents({ ...listingTerms(v), eventIds: v.eventIds });
        const waiting = created.filter((c) => c.status === 'in_review').length;
        return done(
          `Your driveway is listed for ${created.length} more ${created.length === 1 ? 'event' : 'events'}.`,
          `${created.map((c) => c.title).join(', ')}.${waiting > 0 ? ` ${waiting === created.length ? 'All wait' : `${waiting} wait`} for review. ${REVIEW_NOTE}` : ''}`,
        );
      });
    case 'attach-photo':
      return handle(formData, intent, field('drivewayId'), drivewayPhotoFormInput, async (v) => {
        await context.api.storage.attachDrivewayPhoto(v);
        return done('Photo added.', 'Drivers see it on your live listings.');
      });
    case 'remove-photo':
      return handle(formData, intent, field('drivewayId'), drivewayPhotoFormInput, async (v) => {
        await context.api.storage.removeDrivewayPhoto(v);
        return done('Photo removed.');
      });
    case 'cancel-booking':
      return handle(formData, intent, field('bookingId'), hostCancelBookingFormInput, async (v) => {
        await context.api.booking.cancel(v);
        return done(
          'Booking cancelled.',
          'The driver is told why by e-mail; a card payment goes back to them in full.',
        );
      });
    default:
      throw data('That action is not available.', { status: 400 });
  }
}
