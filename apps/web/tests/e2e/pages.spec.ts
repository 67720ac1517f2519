import { expect, test, type APIRequestContext, type Page } from './fixtures';

// /list is guarded (sign-in and verified e-mail); the guard specs cover it.
const publicPages = [
  { path: '/about', title: 'About · Parkside', heading: 'About Parkside' },
  { path: '/privacy', title: 'Privacy · Parkside', heading: 'Privacy policy' },
  { path: '/contact', title: 'Contact · Parkside', heading: "We're here to help" },
  { path: '/terms', title: 'Terms of service · Parkside', heading: 'Terms of service' },
  {
    path: '/Stadium-of-Fire',
    title: 'Host Stadium of Fire parking · Parkside',
    heading: 'Host Stadium of Fire parking in your driveway',
  },
  {
    path: '/portland-WLF',
    title: 'Host Water Lantern Festival parking · Parkside',
    heading: 'Host Water Lantern Festival parking in your driveway',
  },
  {
    path: '/listing-success',
    title: 'Your driveway is listed · Parkside',
    heading: 'Your driveway is listed!',
  },
];

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

interface EventSummary {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  expectedAttendance: number;
}

async function eventBySlug(request: APIRequestContext, slug: string): Promise<EventSummary> {
  const input = encodeURIComponent(JSON.stringify({ slug }));
  const response = await request.get(`/api/trpc/event.bySlug?input=${input}`);
  expect(response.status()).toBe(200);
  return (await response.json()).result.data;
}

test.describe('marketing pages', () => {
  for (const { path, title, heading } of publicPages) {
    test(`${path} loads with its title and one h1`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(page).toHaveTitle(title);
      await expect(h1(page)).toHaveCount(1);
      await expect(h1(page)).toHaveText(heading);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w/);
    });
  }

  for (const path of ['/about', '/privacy']) {
    test(`${path} is the under-construction page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText('Under construction')).toBeVisible();
      await expect(page.getByText('We are still writing this page.')).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'Browse upcoming events' })).toHaveAttribute(
        'href',
        '/events',
      );
      await main.getByRole('link', { name: 'Contact Parkside' }).click();
      await expect(page).toHaveURL(/\/contact$/);
    });
  }

  test('/contact shows how to reach Parkside', async ({ page }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'support@parkside.example' })).toHaveAttribute(
      'href',
      'mailto:support@parkside.example',
    );
    await expect(main.getByRole('link', { name: '(801) 555-0142' }).first()).toHaveAttribute(
      'href',
      'tel:+18015550142',
    );
    await expect(main.getByRole('heading', { name: 'For drivers' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'For hosts' })).toBeVisible();
    await expect(main.locator('address')).toContainText('Provo, UT');
    await expect(main.locator('form')).toHaveCount(0);
  });

  test('/terms has a table of contents and the rules of payment on arrival', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByText('Last updated November 21, 2026')).toBeVisible();
    // No payment keys on this server: drivers pay hosts on arrival (the fee and the refund rules
    // of card payments are in money-words.spec.ts).
    await expect(
      page.getByText('Drivers pay the host the listed price when they arrive.'),
    ).toBeVisible();
    await expect(page.getByText('Nothing is charged when a driver books,')).toBeVisible();

    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc.getByRole('link')).toHaveCount(11);
    await toc.getByRole('link', { name: 'Cancellations' }).click();
    await expect(page).toHaveURL(/#cancellations$/);
    await expect(page.getByRole('heading', { name: '5. Cancellations' })).toBeVisible();
  });

  test('/listing-success links to My Listings and the host page', async ({ page }) => {
    await page.goto('/listing-success');
    await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Go to my listings' })).toHaveAttribute(
      'href',
      '/my-listings',
    );
    await expect(main.getByRole('link', { name: 'Hosting tips and FAQ' })).toHaveAttribute(
      'href',
      '/list',
    );
  });
});

test.describe('event landing pages', () => {
  const landings = [
    // Stadium of Fire is always on July 4 (daylight time); the lantern festival moves.
    { path: '/Stadium-of-Fire', slug: 'stadium-of-fire', zone: 'MDT' },
    { path: '/portland-WLF', slug: 'portland-water-lantern-festival', zone: 'P[SD]T' },
  ];

  for (const { path, slug, zone } of landings) {
    test(`${path} shows the next date in the event's zone and links to its parking`, async ({
      page,
      request,
    }) => {
      const event = await eventBySlug(request, slug);
      await page.goto(path);
      const next = page.getByRole('region', { name: event.title, exact: true });
      const inZone = (options: Intl.DateTimeFormatOptions, iso: string) =>
        new Intl.DateTimeFormat('en-US', { timeZone: event.timeZone, ...options }).format(
          new Date(iso),
        );
      const date = inZone(
        { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
        event.startsAt,
      );
      await expect(next.locator('time')).toHaveText(date);
      await expect(next.locator('time')).toHaveAttribute('datetime', event.startsAt);
      const clock = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
      const hours = `${inZone(clock, event.startsAt)} to ${inZone(clock, event.endsAt)}`;
      expect(hours).toMatch(
        new RegExp(`^\\d{1,2}:\\d{2} [AP]M ${zone} to \\d{1,2}:\\d{2} [AP]M ${zone}$`),
      );
      await expect(next).toContainText(hours);
      await expect(next).toContainText(
        `${event.expectedAttendance.toLocaleString('en-US')} people`,
      );
      await expect(page.getByText('Date to be announced')).toHaveCount(0);

      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'List your driveway' }).first()).toHaveAttribute(
        'href',
        '/list',
      );
      const findParking = main.getByRole('link', {
        name: `Find parking for ${event.title}`,
        exact: true,
      });
      await expect(findParking).toHaveAttribute('href', `/rent?event=${event.id}`);
      await findParking.click();
      await expect(page).toHaveURL(new RegExp(`/rent\\?event=${event.id}$`));
      await expect(h1(page)).toHaveText(event.title);
    });
  }
});

test.describe('site footer', () => {
  const columns: Record<string, [name: string, href: string][]> = {
    Park: [
      ['Find parking', '/'],
      ['Upcoming events', '/events'],
    ],
    Host: [
      ['List your driveway', '/list'],
      ['Stadium of Fire hosts', '/Stadium-of-Fire'],
      ['Water Lantern Festival hosts', '/portland-WLF'],
    ],
    Company: [
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
    ],
  };

  test('has the Park, Host and Company links on every page', async ({ page }) => {
    for (const path of ['/', '/events', '/terms']) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      for (const [column, links] of Object.entries(columns)) {
        const nav = footer.getByRole('navigation', { name: column, exact: true });
        await expect(nav.getByRole('link')).toHaveCount(links.length);
        for (const [name, href] of links) {
          await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
        }
      }
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Parkside`);
    }
  });

  test('its links open the pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Stadium of Fire hosts' }).click();
    await expect(page).toHaveURL(/\/Stadium-of-Fire$/);
    await expect(h1(page)).toHaveText('Host Stadium of Fire parking in your driveway');
    await footer.getByRole('link', { name: 'Terms', exact: true }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(h1(page)).toHaveText('Terms of service');
  });
});
