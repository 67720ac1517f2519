import { AppError } from '@parkside/core';
import { driveways, events, listings, type Database } from '@parkside/db';
import { formatUsd } from '@parkside/validators';
import { eq } from 'drizzle-orm';
import { formatWindow } from '../modules/notifications/format';
import type { Tx } from '../transaction';

/**
 * What an admin saw when rejecting a listing, kept on the row, and what changed by the time its
 * host sends it again (decision 060). Read by the admin's decision and the host's resubmission.
 */

/** Parts long enough that the admin is told they changed, not shown both versions. */
const LONG_PARTS = new Set(['Description', 'Access instructions']);

/** What an admin judges a listing by, in words: its terms and its driveway. */
export async function reviewSnapshotOf(tx: Tx | Database, listingId: string) {
  const [row] = await tx
    .select({ listing: listings, driveway: driveways, timeZone: events.timeZone })
    .from(listings)
    .innerJoin(driveways, eq(driveways.id, listings.drivewayId))
    .innerJoin(events, eq(events.id, listings.eventId))
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Listing not found.');
  const { listing: l, driveway: d } = row;
  return {
    Price: formatUsd(l.priceCents),
    Spaces: String(l.spacesOffered),
    'Parking window': formatWindow(l.availableFrom, l.availableTo, row.timeZone),
    Title: d.title,
    Address: `${d.street}, ${d.city}, ${d.region} ${d.postalCode}`,
    'Holds (cars)': String(d.capacity),
    Photos: String(d.photos.length),
    Amenities: d.amenities.join(', ') || 'none',
    Description: d.description,
    'Access instructions': d.accessInstructions,
  } satisfies Record<string, string>;
}

/** "Price: $40.00 → $25.00", "Description changed", in the order the admin reads a listing. */
export function changesBetween(
  before: Record<string, string>,
  after: Record<string, string>,
): string[] {
  return Object.entries(after)
    .filter(([part, now]) => part in before && before[part] !== now)
    .map(([part, now]) =>
      LONG_PARTS.has(part) ? `${part} changed` : `${part}: ${before[part]} → ${now}`,
    );
}
