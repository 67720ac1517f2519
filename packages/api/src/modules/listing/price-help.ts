import { AppError } from '@parkside/core';
import type { Database } from '@parkside/db';
import { eventRowById } from '../../shared/events';
import { NEARBY_PRICE_MILES, nearbyPrices } from '../../shared/listing-review';

/**
 * What open listings within a mile ask for the same event: how many, the median, the lowest and
 * the highest price, in cents (null without any). Around the driveway's position when given,
 * else around the venue (a driveway not placed yet); a listing being edited leaves itself out.
 * Listing review flags a price above three times the same median.
 */
export async function priceHelp(
  db: Database,
  input: { eventId: string; latitude?: number; longitude?: number; excludeListingId?: string },
) {
  const event = await eventRowById(db, input.eventId);
  if (!event) throw new AppError('NOT_FOUND', 'Event not found.');
  const aroundDriveway = input.latitude !== undefined && input.longitude !== undefined;
  const place = aroundDriveway
    ? { latitude: input.latitude!, longitude: input.longitude! }
    : { latitude: event.latitude, longitude: event.longitude };
  const prices = await nearbyPrices(db, event.id, place, input.excludeListingId);
  return {
    around: aroundDriveway ? ('driveway' as const) : ('venue' as const),
    miles: NEARBY_PRICE_MILES,
    ...prices,
  };
}
