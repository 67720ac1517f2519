import { expect, test } from './fixtures';
import { screenshots } from './page-api';

/**
 * The API reference (decision 067): Swagger UI served by the site itself renders
 * /api/openapi.json under the site's Content-Security-Policy, and "Try it out" calls /api/v1.
 */
test('the API reference renders the OpenAPI document and calls /api/v1 from the page', async ({
  page,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  // Nothing comes from elsewhere: no CDN, no validator badge.
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:'))
      outside.push(request.url());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Parkside API/ })).toBeVisible();
  await expect(page.getByText('OAS 3.1')).toBeVisible();
  await page.getByText('/v1/events', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Try it out' }).click();
  await page.locator('input[placeholder="q"]').fill('stadium');
  await page.getByRole('button', { name: 'Execute' }).click();
  const answer = page.locator('.live-responses-table .response .response-col_status').first();
  await expect(answer).toHaveText('200');
  await expect(
    page.locator('.live-responses-table').getByText('Stadium of Fire').first(),
  ).toBeVisible();
  await screenshots(page, 'api-reference');
  // On a phone, an open operation with its answer fits the screen: nothing to scroll sideways.
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems, problems.join('\n')).toEqual([]);
  expect(outside).toEqual([]);
});
