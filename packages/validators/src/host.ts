import { multilineText, text } from './text';
import { MAX_DRIVEWAY_CAPACITY, PRICE_MAX_CENTS, PRICE_MIN_CENTS } from './marketplace-constants';
import {
  ALSO_FOR_LIMIT,
  amenityCodes,
  capacity,
  newDrivewayFields,
  priceCents,
} from './listing-fields';
import { z } from './z';

/**
 * What hosts send when they manage their driveways and listings (/my-listings), and the forms of
 * /register-driveway and /my-listings, where prices are typed in dollars and times in the
 * event's own zone. The procedures take cents and ISO instants; the pages convert.
 */

const id = (what: string) => z.uuid({ message: `${what} id must be a UUID.` });

/** The most events a driveway is listed for in one go (the API and the form). */
const LISTINGS_FOR_EVENTS_MAX_FORM = 20;

/** The events one driveway is listed for in one go: at least one, each once, 20 at most. */
const eventIdsSchema = z
  .array(id('Event'))
  .min(1, { message: 'Choose at least one event.' })
  .max(LISTINGS_FOR_EVENTS_MAX_FORM, {
    message: `Choose at most ${LISTINGS_FOR_EVENTS_MAX_FORM} events at once.`,
  })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Each event once.' });
const instant = z.iso.datetime({ offset: true, message: 'Enter a date and time.' });

const spacesOffered = z
  .number({ message: 'Enter how many spaces you offer.' })
  .int({ message: 'Enter a whole number of spaces.' })
  .min(1, { message: 'Offer at least one space.' })
  .max(MAX_DRIVEWAY_CAPACITY, { message: `At most ${MAX_DRIVEWAY_CAPACITY} spaces.` });
const longText = (label: string) =>
  multilineText()
    .trim()
    .max(1000, { message: `The ${label} must be at most 1000 characters.` });
const title = text({ message: 'Enter the title.' })
  .trim()
  .min(3, { message: 'The title needs at least 3 characters.' })
  .max(80, { message: 'The title must be at most 80 characters.' });

const WINDOW_ORDER = {
  message: 'The parking window must end after it starts.',
  path: ['availableTo'],
};

/** A listing's terms with its parking window, which must end after it starts when both are set. */
function withWindow<S extends z.ZodRawShape>(shape: S) {
  return z
    .object(shape)
    .strict()
    .refine(
      (input: { availableFrom?: string; availableTo?: string }) =>
        !input.availableFrom ||
        !input.availableTo ||
        new Date(input.availableTo) > new Date(input.availableFrom),
      WINDOW_ORDER,
    );
}

export const listingIdInput = z.object({ listingId: id('Listing') }).strict();

/** A host changes a listing: the price applies to future bookings only. */
export const listingUpdateInput = withWindow({
  listingId: id('Listing'),
  priceCents,
  spacesOffered,
  availableFrom: instant,
  availableTo: instant,
});
export type ListingUpdateInput = z.output<typeof listingUpdateInput>;

/** A host offers an existing driveway for another event (one listing per driveway and event). */
export const listingAddInput = withWindow({
  drivewayId: id('Driveway'),
  eventId: z.uuid({ message: 'Choose an event.' }),
  priceCents,
  spacesOffered,
  availableFrom: instant.optional(),
  availableTo: instant.optional(),
  licensePlateRequired: z.boolean().default(true),
});
export type ListingAddInput = z.output<typeof listingAddInput>;

export const drivewayUpdateInput = z
  .object({
    drivewayId: id('Driveway'),
    title,
    description: longText('description'),
    accessInstructions: longText('access instructions'),
    capacity,
    amenities: amenityCodes,
  })
  .strict();
export type DrivewayUpdateInput = z.output<typeof drivewayUpdateInput>;

/* ---------- Forms (dollars, wall-clock times in the event's zone) ---------- */

/** "$12.50", "12.5" or "12" -> 1250 cents; anything else fails. */
const dollars = text({ message: 'Enter a price.' })
  .trim()
  .transform((value) => value.replace(/^\$/, ''))
  .refine((value) => /^\d{1,4}(\.\d{1,2})?$/.test(value), {
    message: 'Enter the price in dollars, like 15 or 12.50.',
  })
  .transform((value) => Math.round(Number(value) * 100))
  .refine((cents) => cents >= PRICE_MIN_CENTS, { message: 'The price must be at least $1.00.' })
  .refine((cents) => cents <= PRICE_MAX_CENTS, { message: 'The price must be at most $1,000.00.' });

/** "YYYY-MM-DDTHH:mm" as a datetime-local input sends it. */
const wallClock = text({ message: 'Enter a date and time.' }).regex(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
  { message: 'Enter a date and time.' },
);

const wallClockInOrder = (input: { availableFrom?: string; availableTo?: string }) =>
  !input.availableFrom || !input.availableTo || input.availableTo > input.availableFrom;

/** The terms of one listing as typed: price in dollars, times in the event's zone. */
const listingTermsForm = {
  price: dollars,
  spacesOffered,
  availableFrom: wallClock.optional(),
  availableTo: wallClock.optional(),
  licensePlateRequired: z.boolean().default(false),
};

/** The most photos one driveway shows. */
export const MAX_DRIVEWAY_PHOTOS = 8;

/** A driveway's latitude or longitude, which the host gives by placing it on the form's map. */
function placed(name: 'Latitude' | 'Longitude', limit: number) {
  const range = { message: `${name} is between -${limit} and ${limit}.` };
  return z
    .number({
      message:
        'Place your driveway: find its address, use your location or drop the pin on the map.',
    })
    .min(-limit, range)
    .max(limit, range);
}

export const registerDrivewayFormInput = z
  .object({
    ...newDrivewayFields,
    latitude: placed('Latitude', 90),
    longitude: placed('Longitude', 180),
    description: longText('description').default(''),
    accessInstructions: longText('access instructions').default(''),
    /** Download URLs of photos uploaded while filling the form; attached once it is saved. */
    photos: z
      .array(text().trim().min(1).max(1000))
      .max(MAX_DRIVEWAY_PHOTOS, {
        message: `A driveway can show at most ${MAX_DRIVEWAY_PHOTOS} photos.`,
      })
      .default([]),
    eventId: z.uuid({ message: 'Choose an event.' }),
    ...listingTermsForm,
    /** More events ticked on the form; a price of their own where the host gave each one. */
    also: z
      .array(z.object({ eventId: id('Event'), price: dollars.optional() }))
      .max(...ALSO_FOR_LIMIT)
      .default([]),
  })
  .refine((input) => input.spacesOffered <= input.capacity, {
    message: 'You cannot offer more spaces than the driveway holds.',
    path: ['spacesOffered'],
  })
  .refine(wallClockInOrder, WINDOW_ORDER);
export type RegisterDrivewayForm = z.output<typeof registerDrivewayFormInput>;

/** A photo added to or taken off a saved driveway on /my-listings. */
export const drivewayPhotoFormInput = z.object({
  drivewayId: id('Driveway'),
  url: text({ message: 'Upload the photo again.' }).trim().min(1).max(1000),
});

export const editListingFormInput = z
  .object({
    listingId: id('Listing'),
    price: dollars,
    spacesOffered,
    availableFrom: wallClock,
    availableTo: wallClock,
  })
  .refine(wallClockInOrder, WINDOW_ORDER);

export const addListingFormInput = z
  .object({ drivewayId: id('Driveway'), eventId: z.uuid({ message: 'Choose an event.' }) })
  .extend(listingTermsForm)
  .refine(wallClockInOrder, WINDOW_ORDER);

/** "List for more events": the events ticked, one price, spaces and plate rule for all. */
export const addListingsFormInput = z.object({
  drivewayId: id('Driveway'),
  eventIds: eventIdsSchema,
  price: dollars,
  spacesOffered,
  licensePlateRequired: z.boolean().default(false),
});

export const editDrivewayFormInput = z.object({
  drivewayId: id('Driveway'),
  title,
  description: longText('description').default(''),
  accessInstructions: longText('access instructions').default(''),
  capacity,
  amenities: amenityCodes.default([]),
});

export const hostCancelBookingFormInput = z.object({
  bookingId: id('Booking'),
  reason: multilineText({ message: 'Tell the driver why you are cancelling.' })
    .trim()
    .min(3, { message: 'Tell the driver why you are cancelling.' })
    .max(500, { message: 'Keep the reason under 500 characters.' }),
});

/** Price help for a host: the event, and the driveway's position when it has one. */
export const priceHelpInput = z
  .object({
    eventId: id('Event'),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    excludeListingId: id('Listing').optional(),
  })
  .strict();

/** The most events a driveway is listed for in one go. */
export const LISTINGS_FOR_EVENTS_MAX = LISTINGS_FOR_EVENTS_MAX_FORM;

/** One driveway listed for several events at once, with one price, spaces and plate rule. */
export const listingsForEventsInput = z
  .object({
    drivewayId: id('Driveway'),
    eventIds: eventIdsSchema,
    priceCents,
    spacesOffered,
    licensePlateRequired: z.boolean().default(true),
  })
  .strict();
export type ListingsForEventsInput = z.output<typeof listingsForEventsInput>;

/** The events a new driveway could be listed for: within `miles` of where its pin is. */
export const eventsNearPointInput = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    miles: z.number().min(0.5).max(25).default(2),
  })
  .strict();

/** The events a driveway could be listed for: within `miles` of it (2 by default). */
export const eventsNearDrivewayInput = z
  .object({
    drivewayId: id('Driveway'),
    miles: z.number().min(0.5).max(25).default(2),
  })
  .strict();
