import { WORDS_OF_THE_OTHER_MODE } from '@parkside/validators';
import { expect, test, type Page } from './fixtures';
import { freePort, startServer, stopServers } from './app-servers';
import { createFreshDatabase } from './fresh-database';
import { screenshots } from './page-api';
import { signedInPage } from './session';
import { startStripeSite } from './stripe-site';

/**
 * Every page that speaks about a host's money, in both payment modes (decision 055): the suite's
 * own server has no payment keys, so hosts are paid on arrival; a second server with Stripe keys
 * (a local server answering as Stripe's API does) and a host whose payouts are active is online.
 * A page told in one mode must not carry a word of the other.
 */
test.describe.configure({ timeout: 180_000 });

const SITE_PAGES = ['/list', '/terms', '/Stadium-of-Fire', '/portland-WLF'];
/** Pages that also list a host's own bookings, each told as it was paid. */
const HOST_PAGES = ['/my-listings', '/parking-reports'];

/** All the text of the page's main part, collapsed parts too, a space between elements. */
const textOf = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('script, style') === null) parts.push(node.textContent ?? '');
    }
    return parts
      .join(' ')
      .replace(/\s+/g, ' ')
      .replace(/ ([.,;:])/g, '$1');
  });

async function pageSays(page: Page, path: string, forbidden: RegExp[]): Promise<string> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const text = await textOf(page);
  for (const word of forbidden) {
    expect(text.match(word)?.[0], `${path} says "${text.match(word)?.[0]}"`).toBeUndefined();
  }
  return text;
}

/** The price hint of the driveway form as the host types 20. */
async function priceHint(page: Page): Promise<string> {
  await page.goto('/register-driveway');
  await page.getByLabel('Price per space (USD)').fill('20');
  return (await page.locator('#listing-price-payout').textContent()) ?? '';
}

test('paid on arrival: no fee, no card, no refund on any host money page', async ({ browser }) => {
  // A server of its own on the demo data: what other tests typed (titles, vehicles, messages)
  // is not read as the site's words.
  const database = await createFreshDatabase();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer({ ...database.env }, port);
  try {
    const host = await signedInPage(browser, base, 'host@example.com', 'parkside-host');
    const forbidden = WORDS_OF_THE_OTHER_MODE.onArrival;
    const said = new Map<string, string>();
    for (const path of [...SITE_PAGES, ...HOST_PAGES]) {
      said.set(path, await pageSays(host, path, forbidden));
    }
    expect(said.get('/list')).toContain(
      '100% of every booking is yours: drivers pay you when they arrive.',
    );
    expect(said.get('/terms')).toContain('Drivers pay the host the listed price when they arrive.');
    expect(said.get('/parking-reports')).toContain('we move them nearby or cancel their booking');
    const hint = await priceHint(host);
    expect(hint).toBe('Drivers pay you $20.00 when they arrive; you keep all of it.');
    for (const word of forbidden) expect(hint).not.toMatch(word);
    await host.goto('/list');
    await screenshots(host, 'money-list-on-arrival');
  } finally {
    await stopServers([server]);
    await database.drop();
  }
});

test('paid online: the fee and refunds as they are, nothing kept whole', async ({ browser }) => {
  const site = await startStripeSite('money_words');
  const { base } = site;
  try {
    const host = await signedInPage(browser, base, 'host@example.com', 'parkside-host');
    // Before payouts, this host's drivers pay on arrival: the host's own pages say so.
    expect(await priceHint(host)).toBe(
      'Drivers pay you $20.00 when they arrive; you keep all of it.',
    );
    await host.goto('/my-listings');
    const payouts = host.getByRole('region', { name: 'Payouts' });
    await payouts.getByRole('button', { name: 'Set up payouts' }).click();
    await host.getByRole('button', { name: 'Agree and submit' }).click();
    await expect(payouts).toContainText('Active');

    const forbidden = WORDS_OF_THE_OTHER_MODE.online;
    const said = new Map<string, string>();
    for (const path of SITE_PAGES) said.set(path, await pageSays(host, path, forbidden));
    // The demo bookings made before payouts were paid on arrival, and their rows say so.
    const perBooking = forbidden.filter((word) => !word.test('you keep all of it'));
    for (const path of HOST_PAGES) said.set(path, await pageSays(host, path, perBooking));
    expect(said.get('/list')).toContain('85% of every booking is yours.');
    expect(said.get('/list')).toContain('Parkside’s fee is 15% of each booking');
    expect(said.get('/terms')).toContain('Parkside keeps a platform fee of 15% of the price');
    expect(said.get('/terms')).toContain(
      'Driver cancels 24 hours or more before the event starts: full refund.',
    );
    expect(said.get('/parking-reports')).toContain('we move them nearby or refund them at once');
    expect(await priceHint(host)).toBe(
      'You receive $17.00 after the 15% fee. Drivers pay $20.00 by card.',
    );
    await host.goto('/list');
    await screenshots(host, 'money-list-online');
  } finally {
    await site.close();
  }
});
