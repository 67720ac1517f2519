import { openCoordinates } from './driveway-form';
import type { Page } from '@playwright/test';

/** YYYY-MM-DD `days` from now in Denver. */
export function denverDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** Fills the whole /register-event form (the page must be open). */
export async function fillEvent(
  page: Page,
  title: string,
  { starts = '18:00', ends = '22:00', timeZone = '' } = {},
) {
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Description (optional)')
    .fill('Food trucks, a night market and live music.');
  await page.getByLabel('Expected attendance').fill('8000');
  await page.getByLabel('Website (optional)').fill('https://orem.example.org/owlfest');
  await page.getByLabel('Venue name').fill('SCERA Park');
  await page.getByLabel('Street address').fill('600 S 400 E');
  await page.getByLabel('City').fill('Orem');
  await page.getByLabel('State or region').fill('UT');
  await page.getByLabel('Postal code').fill('84097');
  await openCoordinates(page);
  await page.getByLabel('Latitude').fill('40.2889');
  await page.getByLabel('Longitude').fill('-111.6877');
  // Without a zone, the form keeps the one it prefilled from the browser's.
  if (timeZone) await page.getByLabel('Time zone of the venue').selectOption(timeZone);
  await page.getByLabel('Starts').fill(`${denverDay(30)}T${starts}`);
  await page.getByLabel('Ends').fill(`${denverDay(30)}T${ends}`);
}

/** The JSON API's request for an event at SCERA Park in Orem, `days` from now, 6 to 10 pm. */
export function eventRequest(title: string, days: number, expectedAttendance = 500) {
  return {
    title,
    venueName: 'SCERA Park',
    street: '600 S 400 E',
    city: 'Orem',
    region: 'UT',
    postalCode: '84097',
    country: 'US',
    latitude: 40.2889,
    longitude: -111.6877,
    timeZone: 'America/Denver',
    startLocal: `${denverDay(days)}T18:00`,
    endLocal: `${denverDay(days)}T22:00`,
    expectedAttendance,
  };
}
