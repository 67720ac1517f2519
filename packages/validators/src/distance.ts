/** Mean Earth radius in miles, as used for every distance shown to drivers and hosts. */
export const EARTH_RADIUS_MILES = 3958.8;

export interface Place {
  latitude: number;
  longitude: number;
}

/**
 * Great-circle miles between two places (haversine, the formula every distance shown uses): the
 * server's searches and the forms that order events around a driveway's pin share it.
 */
export function distanceInMiles(a: Place, b: Place): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
