import type { Page } from '@playwright/test';

/** Shows the latitude and longitude fields ("Enter coordinates instead"), if they are not shown. */
export async function openCoordinates(page: Page) {
  if (!(await page.getByLabel('Latitude').isVisible())) {
    await page.getByText('Enter coordinates instead', { exact: true }).click();
  }
}

/**
 * Types a driveway in Orem into /register-driveway: its title, its address and its pin by the
 * coordinates (the map is not needed), and how many cars it holds.
 */
export async function fillDrivewayInOrem(page: Page, title: string, capacity: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Street address').fill('1180 S 400 W');
  await page.getByLabel('City', { exact: true }).fill('Orem');
  await page.getByLabel('State', { exact: true }).fill('UT');
  await page.getByLabel('ZIP code').fill('84058');
  await openCoordinates(page);
  await page.getByLabel('Latitude').fill('40.2795');
  await page.getByLabel('Longitude').fill('-111.7042');
  await page.getByLabel('Capacity (cars)').fill(capacity);
}
