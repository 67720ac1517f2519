import { multilineText, text } from './text';
import { z } from './z';
import { LISTING_PAGE_MAX } from './limits';
import { PRICE_MAX_CENTS } from './marketplace-constants';
import { ALSO_FOR_LIMIT, amenityCodes, newDrivewayFields, priceCents } from './listing-fields';

/** "ab-12 cd" -> "AB-12 CD": 2 to 8 letters or digits; spaces and hyphens allowed between. */
export const licensePlateSchema = text()
  .trim()
  .max(12, {
    message: 'Enter the license plate as it appears on the car (2 to 8 letters or digits).',
  })
  .transform((value) => value.toUpperCase().replace(/\s+/g, ' '))
  .refine(
    (value) =>
      /^[A-Z0-9](?:[A-Z0-9 -]*[A-Z0-9])?$/.test(value) &&
      /^[A-Z0-9]{2,8}$/.test(value.replace(/[ -]/g, '')),
    { message: 'Enter the license plate as it appears on the car (2 to 8 letters or digits).' },
  );

export const vehicleDescriptionSchema = text()
  .trim()
  .min(3, { message: 'Describe the car: color, make, model.' })
  .max(100, { message: 'Keep the car description under 100 characters.' });

export const bookingCreateInput = z
  .object({
    listingId: z.uuid({ message: 'Listing id must be a UUID.' }),
    licensePlate: licensePlateSchema.optional(),
    vehicleDescription: vehicleDescriptionSchema.optional(),
    /** A fresh key per booking attempt; sending the same key again returns the same booking. */
    idempotencyKey: text().trim().min(8).max(100),
  })
  .strict();
export type BookingCreateInput = z.output<typeof bookingCreateInput>;

export const bookingCancelInput = z
  .object({
    bookingId: z.uuid({ message: 'Booking id must be a UUID.' }),
    reason: multilineText().trim().max(500).optional(),
  })
  .strict();

export const drivewayCreateInput = z
  .object({
    ...newDrivewayFields,
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    description: multilineText().trim().max(1000).default(''),
    accessInstructions: multilineText().trim().max(1000).default(''),
    listing: z
      .object({
        eventId: z.uuid({ message: 'Choose an event.' }),
        priceCents: priceCents,
        spacesOffered: z.number().int().min(1, { message: 'Offer at least one space.' }),
        availableFrom: z.iso.datetime({ offset: true }).optional(),
        availableTo: z.iso.datetime({ offset: true }).optional(),
        licensePlateRequired: z.boolean().default(true),
      })
      .strict(),
    /**
     * More events to list the new driveway for in the same submission (all or none): the first
     * listing's spaces and plate rule, each window from an hour before its event to an hour after,
     * and its own price where given (else the first listing's).
     */
    alsoFor: z
      .array(
        z
          .object({
            eventId: z.uuid({ message: 'Event id must be a UUID.' }),
            priceCents: priceCents.optional(),
          })
          .strict(),
      )
      .max(...ALSO_FOR_LIMIT)
      .default([]),
  })
  .strict()
  .refine(
    (input) =>
      new Set([input.listing.eventId, ...input.alsoFor.map((a) => a.eventId)]).size ===
      input.alsoFor.length + 1,
    { message: 'Each event once.', path: ['alsoFor'] },
  )
  .refine((input) => input.listing.spacesOffered <= input.capacity, {
    message: 'You cannot offer more spaces than the driveway holds.',
    path: ['listing', 'spacesOffered'],
  });
export type DrivewayCreateInput = z.output<typeof drivewayCreateInput>;

export const listingsForEventInput = z
  .object({
    eventId: z.uuid({ message: 'Event id must be a UUID.' }),
    sort: z.enum(['price', 'distance']).default('price'),
    maxPriceCents: z.number().int().min(0).max(PRICE_MAX_CENTS).optional(),
    amenities: amenityCodes.default([]),
    /** The first `limit` listings in the chosen order; without it, all of them. */
    limit: z.number().int().min(1).max(LISTING_PAGE_MAX).optional(),
  })
  .strict();
