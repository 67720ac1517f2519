import { z } from './z';

/** "ab-12 cd" -> "AB-12 CD": 2 to 8 letters or digits; spaces and hyphens allowed between. */
export const licensePlateSchema = z
  .string()
  .trim()
  .max(12, {
    message: 'Enter the licence plate as it appears on the car (2 to 8 letters or digits).',
  })
  .transform((value) => value.toUpperCase().replace(/\s+/g, ' '))
  .refine(
    (value) =>
      /^[A-Z0-9](?:[A-Z0-9 -]*[A-Z0-9])?$/.test(value) &&
      /^[A-Z0-9]{2,8}$/.test(value.replace(/[ -]/g, '')),
    { message: 'Enter the licence plate as it appears on the car (2 to 8 letters or digits).' },
  );

export const vehicleDescriptionSchema = z
  .string()
  .trim()
  .min(3, { message: 'Describe the car: color, make, model.' })
  .max(100, { message: 'Keep the car description under 100 characters.' });

export const bookingCreateInput = z
  .object({
    listingId: z.uuid({ message: 'Listing id must be a UUID.' }),
    licensePlate: licensePlateSchema.optional(),
    vehicleDescription: vehicleDescriptionSchema.optional(),
    /** A fresh key per booking attempt; sending the same key again returns the same booking. */
    idempotencyKey: z.string().trim().min(8).max(100),
  })
  .strict();
export type BookingCreateInput = z.output<typeof bookingCreateInput>;

export const bookingCancelInput = z
  .object({
    bookingId: z.uuid({ message: 'Booking id must be a UUID.' }),
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
