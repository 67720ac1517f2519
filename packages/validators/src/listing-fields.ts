/**
 * Fields a driveway and its listings share wherever they are sent: the JSON API
 * (marketplace.ts) and the host's forms (host.ts) check them with the same bounds and words.
 */
import {
  ALSO_FOR_MAX,
  AMENITY_LABELS,
  MAX_DRIVEWAY_CAPACITY,
  PRICE_MAX_CENTS,
  PRICE_MIN_CENTS,
  type Amenity,
} from './marketplace-constants';
import { text } from './text';
import { z } from './z';

/** Every amenity code, for `z.enum`. */
export const amenityValues = Object.keys(AMENITY_LABELS) as [Amenity, ...Amenity[]];

/** A listing's price in cents, within the marketplace's bounds. */
export const priceCents = z
  .number({ message: 'Enter a price.' })
  .int()
  .min(PRICE_MIN_CENTS, { message: 'The price must be at least $1.00.' })
  .max(PRICE_MAX_CENTS, { message: 'The price must be at most $1,000.00.' });

/** How many cars a driveway holds. */
export const capacity = z
  .number({ message: 'Enter how many cars fit.' })
  .int({ message: 'Enter a whole number of cars.' })
  .min(1, { message: 'At least one car must fit.' })
  .max(MAX_DRIVEWAY_CAPACITY, { message: `At most ${MAX_DRIVEWAY_CAPACITY} spaces.` });

/** For `.max(...ALSO_FOR_LIMIT)`: how many more events one request may list a driveway for. */
export const ALSO_FOR_LIMIT = [
  ALSO_FOR_MAX,
  { message: `List for at most ${ALSO_FOR_MAX} more events at once.` },
] as const;

/** A driveway's amenities, or a driver's filter by them: known codes, each at most once. */
export const amenityCodes = z.array(z.enum(amenityValues)).max(amenityValues.length);

/** A required line of text between `min` and `max` characters, named `label` in its messages. */
export const requiredText = (label: string, min: number, max: number) =>
  text({ message: `Enter the ${label}.` })
    .trim()
    .min(min, {
      message: min > 1 ? `The ${label} needs at least ${min} characters.` : `Enter the ${label}.`,
    })
    .max(max, { message: `The ${label} must be at most ${max} characters.` });

/**
 * A new driveway's title, street address, capacity and amenities, as both the API and the host's
 * form take them.
 */
export const newDrivewayFields = {
  title: requiredText('title', 3, 80),
  street: requiredText('street address', 3, 120),
  city: requiredText('city', 2, 60),
  region: requiredText('state', 2, 40),
  postalCode: requiredText('ZIP code', 3, 12),
  capacity,
  amenities: amenityCodes.default([]),
};
