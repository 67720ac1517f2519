/**
 * For tests of any package: a real event's place, as the event form sends it (Pioneer Park in
 * Provo). Each test adds its own title, times and whatever else it checks.
 */
export const PROVO_FAIR_PLACE = {
  venueName: 'Pioneer Park',
  street: '500 W Center St',
  city: 'Provo',
  region: 'UT',
  postalCode: '84601',
  country: 'US',
  latitude: 40.2338,
  longitude: -111.6694,
  timeZone: 'America/Denver',
} as const;
