/**
 * The marketplace's constants: amenities, capacity and price bounds, walking time. No zod here
 * (decision 003): the driveway page, /rent and the cards import these without the schemas.
 */
export const AMENITY_LABELS = {
  covered: 'Covered',
  ev_charging: 'EV charging',
  tailgating: 'Tailgating allowed',
  restroom: 'Restroom',
  accessible: 'Accessible',
  large_vehicles: 'Fits large vehicles',
} as const;
export type Amenity = keyof typeof AMENITY_LABELS;

export const MAX_DRIVEWAY_CAPACITY = 50;
export const PRICE_MIN_CENTS = 100;
export const PRICE_MAX_CENTS = 100_000;

/** Walking pace used for every walking time shown to drivers, in miles per hour. */
export const WALKING_MPH = 3;
/** Streets rarely run straight to the gate: the straight-line distance times this. */
export const WALKING_ROUTE_FACTOR = 1.3;

/**
 * Minutes on foot from a driveway to the venue, estimated from the straight-line miles: the
 * route is taken as 1.3 times longer, walked at 3 mph; at least one minute.
 */
export function walkingMinutes(straightLineMiles: number): number {
  return Math.max(1, Math.ceil(((straightLineMiles * WALKING_ROUTE_FACTOR) / WALKING_MPH) * 60));
}

/** How many more events a new driveway can be listed for in its own form. */
export const ALSO_FOR_MAX = 50;
