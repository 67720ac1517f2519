import { expect, test, type Page } from './fixtures';

const eventCards = (page: Page) =>
  page
    .getByRole('list')
    .filter({ has: page.getByRole('article') })
    .getByRole('article');

test.describe('/events', () => {
  test('lists the seeded upcoming events, soonest first, in each venue time zone', async ({
    page,
  }) => {
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming events' })).toBeVisible();
    const cards = eventCards(page);
    await expect(cards).toHaveCount(12);
    await expect(
      cards.getByRole('heading', { name: 'Trail Blazers vs. Los Angeles Lakers' }),
    ).toBeVisible();
    await expect(cards.getByRole('heading', { name: 'BYU Cougars vs. Utah Utes' })).toBeVisible();

    // Each card: image, title, venue and city, and the start in the venue's own zone.
    const portland = cards.filter({ hasText: 'Providence Park' });
    await expect(portland.locator('img')).toHaveAttribute('src', '/images/events/soccer.svg');
    await expect(portland).toContainText('Portland, OR');
    await expect(portland.locator('time')).toHaveText(/\d{4} · \d{1,2}:\d{2} [AP]M P[SD]T$/);
    const provo = cards.filter({ hasText: 'LaVell Edwards Stadium' }).first();
    await expect(provo.locator('time')).toHaveText(/ M[SD]T$/);

    const starts = await cards
      .locator('time')
      .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    expect([...starts].sort()).toEqual(starts);
  });

  test('the list sends a phone what its cards show, not each event in full', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/events')).text();
    expect(html).toContain('Trail Blazers vs. Los Angeles Lakers');
    // The cards never showed these; they stay on the server.
    expect(html).not.toContain('NBA basketball at the Moda Center.');
    expect(html).not.toContain('https://www.nba.com/blazers');
    // Still whole once the page is live: the cards hydrate from what was sent.
    await page.goto('/events');
    const card = eventCards(page).filter({ hasText: 'Moda Center' });
    await expect(card.locator('time')).toHaveText(/P[SD]T$/);
    await card.getByRole('link', { name: /Find parking for Trail Blazers/ }).click();
    await expect(page).toHaveURL(/\/rent\?event=/);
  });

  test('pages on to the later events', async ({ page }) => {
    await page.goto('/events');
    await page.getByRole('link', { name: 'More events' }).click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(eventCards(page).getByRole('heading', { name: 'Stadium of Fire' })).toBeVisible();
    // Other tests add events far ahead; the pages end after them.
    const more = page.getByRole('link', { name: 'More events' });
    for (let pages = 2; (await more.count()) > 0; pages += 1) {
      expect(pages).toBeLessThan(10);
      const url = page.url();
      await more.click();
      await expect(page).not.toHaveURL(url);
    }
    await page.getByRole('link', { name: 'First page' }).click();
    await expect(eventCards(page)).toHaveCount(12);
  });

  test('search narrows the list, even with a typo, and can be cleared', async ({ page }) => {
    await page.goto('/events');
    await page.getByLabel('Event, venue or city').fill('stadum of fire');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=stadum\+of\+fire/);
    await expect(eventCards(page)).toHaveCount(1);
    await expect(eventCards(page).getByRole('heading')).toHaveText('Stadium of Fire');

    await page.getByLabel('Event, venue or city').fill('portland');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=portland/);
    await expect(eventCards(page).first()).toContainText('Portland, OR');
    await expect(eventCards(page)).not.toHaveCount(12);
    for (const text of await eventCards(page).allInnerTexts())
      expect(text).toContain('Portland, OR');

    await page.getByRole('link', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(eventCards(page)).toHaveCount(12);
  });

  test('each card says how many spaces are left and from what price', async ({ page }) => {
    await page.goto('/events?q=balloon');
    await expect(eventCards(page).first()).toContainText(/From \$12\.00\W+12 spaces left/);
    // No host has listed near the Rose Festival parade in the demo data.
    await page.goto('/events?q=grand+floral+parade');
    await expect(eventCards(page).first()).toContainText('No spaces free right now');
  });

  test('a search with no match says so and offers the whole list', async ({ page }) => {
    await page.goto('/events?q=zzzqqq');
    await expect(page.getByText('No upcoming events match your search.')).toBeVisible();
    await page.getByRole('link', { name: 'Show all events' }).click();
    await expect(eventCards(page)).toHaveCount(12);
  });

  test('filters by date range', async ({ page }) => {
    await page.goto('/events?q=stadium+of+fire');
    const iso = await eventCards(page).locator('time').getAttribute('datetime');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(
      new Date(iso!),
    );
    await page.goto(`/events?from=${day}&to=${day}`);
    const titles = await eventCards(page).getByRole('heading').allInnerTexts();
    expect(titles.sort()).toEqual(['Freedom Festival Grand Parade', 'Stadium of Fire']);
  });

  test('dates the wrong way round are read the right way round, and it says so', async ({
    page,
  }) => {
    await page.goto('/events?q=stadium+of+fire');
    const iso = await eventCards(page).locator('time').getAttribute('datetime');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(
      new Date(iso!),
    );
    const before = new Date(Date.parse(`${day}T00:00:00Z`) - 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await page.goto(`/events?q=stadium+of+fire&from=${day}&to=${before}`);
    await expect(page.getByRole('status').filter({ hasText: 'From was after To' })).toBeVisible();
    await expect(eventCards(page).getByRole('heading')).toHaveText(['Stadium of Fire']);
    await expect(page.getByLabel('From')).toHaveValue(before);
    await expect(page.getByLabel('To')).toHaveValue(day);
  });

  test('bad input in the URL shows a clear message, not an error page', async ({ page }) => {
    const response = await page.goto(`/events?q=${'x'.repeat(300)}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText('q: Search must be at most 100 characters.');
    // Dates the wrong way round are no error: they are searched the right way round.
    const swapped = await page.goto('/events?from=2027-02-01&to=2027-01-01');
    expect(swapped?.status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'From was after To' })).toHaveText(
      'From was after To, so these are the events from Jan 1, 2027 to Feb 1, 2027.',
    );
  });

  test('search works before JavaScript loads', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/events');
    await page.getByLabel('Event, venue or city').fill('laurelhurst');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(eventCards(page).getByRole('heading')).toHaveText(
      'Water Lantern Festival Portland',
    );
    await context.close();
  });
});

test.describe('other pages', () => {
  test('the home page search leads to matching events', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Event, venue or city' }).fill('moda center');
    await page.getByRole('button', { name: 'Find parking' }).click();
    await expect(page).toHaveURL(/\/events\?q=moda\+center/);
    await expect(eventCards(page).getByRole('heading')).toHaveText(
      'Trail Blazers vs. Los Angeles Lakers',
    );
  });

  test('the home page suggests events while typing, typos and all', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Event, venue or city' });
    await box.fill('stadum of fi');
    const options = page.getByRole('listbox', { name: 'Suggested events' }).getByRole('option');
    await expect(options.first()).toContainText('Stadium of Fire');
    await expect(options.first()).toContainText('LaVell Edwards Stadium · Provo, UT');
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/rent\?event=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stadium of Fire');
  });

  test('Find parking opens the event on /rent', async ({ page }) => {
    await page.goto('/events?q=lantern');
    await page
      .getByRole('link', { name: 'Find parking for Water Lantern Festival Portland' })
      .click();
    await expect(page).toHaveURL(/\/rent\?event=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Water Lantern Festival Portland',
    );
    await expect(page.getByText('Laurelhurst Park').first()).toBeVisible();
  });

  test('an unknown path lands on the home page', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Park steps from the event',
    );
  });

  test('the development mail outbox is not part of the production build', async ({ page }) => {
    await page.goto('/dev/outbox');
    await expect(page).toHaveURL(/\/$/);
  });

  test('/healthz answers 200 while the database is up', async ({ request }) => {
    const response = await request.get('/healthz');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  test('the JSON API is served at /api/trpc', async ({ request }) => {
    const response = await request.get('/api/trpc/event.list');
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.result.data.items).toHaveLength(12);
  });
});
