import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { ROUTE_ACCESS } from '../../app/utils/route-access';
import { ADMIN, profileMenu, signIn, signOut } from './session';

/**
 * Every page of every role, on a phone and on a laptop: no WCAG 2.2 A/AA violation that axe-core
 * finds, and nothing a person reads or presses lies under the floating Feedback button or a
 * toast. Pages are read as the demo accounts see them (bookings, listings, messages), so the
 * pages with the most on them are the ones checked.
 */

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 800 },
] as const;

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

type Role = 'visitor' | 'driver' | 'host' | 'admin';

const ACCOUNTS: Record<Exclude<Role, 'visitor'>, { email: string; password: string }> = {
  driver: { email: 'driver@example.com', password: 'parkside-driver' },
  host: { email: 'host@example.com', password: 'parkside-host' },
  admin: ADMIN,
};

/**
 * The routes of the access table a role is the one to check: a visitor the public pages, the
 * driver and the host the pages behind sign-in, an admin the admin pages (each signed-in page
 * still carries that person's header, menu and banner).
 */
function routesOf(role: Role): string[] {
  const wanted = {
    visitor: ['public'],
    driver: ['signed-in', 'verified'],
    host: ['signed-in', 'verified'],
    admin: ['admin'],
  }[role];
  return Object.entries(ROUTE_ACCESS)
    .filter(([, access]) => wanted.includes(access))
    .map(([path]) => path);
}

/** The first link on `path` whose address matches `pattern` (a page with a parameter). */
async function firstLink(page: Page, path: string, pattern: RegExp): Promise<string | null> {
  await page.goto(path);
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.find((href) => pattern.test(href)) ?? null;
}

/** The pages with a parameter, found by following the role's own links. */
async function pagesWithParameters(page: Page, role: Role): Promise<string[]> {
  const found: (string | null)[] = [];
  const rent = await firstLink(page, '/events', /^\/rent\?event=/);
  found.push(rent);
  if (rent) found.push(await firstLink(page, rent, /^\/rent\/[^/?]+/));
  if (role === 'driver') {
    found.push(await firstLink(page, '/my-bookings', /^\/bookings\/[^/]+\/pass$/));
    found.push(await firstLink(page, '/my-bookings', /^\/bookings\/[^/]+\/report$/));
  }
  if (role === 'admin') {
    found.push(await firstLink(page, '/admin/users', /^\/admin\/users\/[^/?]+$/));
    found.push(await firstLink(page, '/admin/events', /^\/admin\/events\/[^/?]+$/));
  }
  return found.filter((path): path is string => path !== null);
}

/** What a person presses, types into or reads as a price, as a list of boxes on the screen. */
function interactiveBoxesScript(exclude: Element) {
  const selector =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"]';
  const boxes: { what: string; box: DOMRect }[] = [];
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true });
  };
  for (const element of document.querySelectorAll(selector))
    if (shown(element) && !exclude.contains(element))
      boxes.push({
        what: `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40) || element.getAttribute('aria-label') || ''}"`,
        box: element.getBoundingClientRect(),
      });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && /\$\d/.test(node.nodeValue ?? '') && shown(parent) && !exclude.contains(parent))
      boxes.push({
        what: `price "${node.nodeValue?.trim()}"`,
        box: parent.getBoundingClientRect(),
      });
  }
  return boxes;
}

/**
 * At each screenful of the page, what a shown Feedback button (or `overlay`, a toast) lies over.
 * The button steps aside (not shown, not clickable) where something is under it; that is clear.
 */
async function coveredBy(
  page: Page,
  overlaySelector: string,
): Promise<{ problems: string[]; shown: number }> {
  return page.evaluate(
    async ({ overlaySelector, boxesSource }) => {
      const boxesOf = new Function('exclude', `return (${boxesSource})(exclude)`) as (
        exclude: Element,
      ) => {
        what: string;
        box: DOMRect;
      }[];
      const frames = () =>
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const problems: string[] = [];
      let shown = 0;
      const height = window.innerHeight;
      const end = document.documentElement.scrollHeight - height;
      for (let y = 0, step = 0; step < 20; y = Math.min(end, y + height * 0.7), step++) {
        window.scrollTo(0, y);
        await frames();
        await frames();
        for (const overlay of document.querySelectorAll<HTMLElement>(overlaySelector)) {
          const style = getComputedStyle(overlay);
          if (style.pointerEvents === 'none' || Number(style.opacity) === 0) continue;
          shown++;
          const own = overlay.getBoundingClientRect();
          for (const { what, box } of boxesOf(overlay)) {
            const apart =
              box.right <= own.left ||
              own.right <= box.left ||
              box.bottom <= own.top ||
              own.bottom <= box.top;
            if (!apart) problems.push(`at ${Math.round(y)} px it covers ${what}`);
          }
        }
        if (y >= end) break;
      }
      window.scrollTo(0, 0);
      return { problems, shown };
    },
    { overlaySelector, boxesSource: interactiveBoxesScript.toString() },
  );
}

const FEEDBACK = 'button[data-feedback-button]';

async function checkPages(page: Page, role: Role, size: (typeof WIDTHS)[number]) {
  await page.setViewportSize(size);
  if (role !== 'visitor') {
    await page.goto('/login');
    await signIn(page, ACCOUNTS[role].email, ACCOUNTS[role].password);
    await expect(profileMenu(page)).toBeVisible();
  }
  const paths = [...routesOf(role), ...(await pagesWithParameters(page, role))];
  const violations: string[] = [];
  const covered: string[] = [];
  let feedbackShownOn = 0;
  for (const path of paths) {
    await page.goto(path);
    // Hydrated: the page's script has run (the Feedback button reacts to the page from then on).
    await page.waitForFunction(() => document.readyState === 'complete');
    await page.waitForTimeout(150);
    const where = `${role} at ${size.width} px on ${path}`;
    const axe = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    for (const violation of axe.violations)
      violations.push(
        `${where}: ${violation.id} (${violation.help}) at ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
      );
    const feedback = await coveredBy(page, FEEDBACK);
    for (const problem of feedback.problems)
      covered.push(`${where}: the Feedback button ${problem}`);
    if (feedback.shown > 0) feedbackShownOn++;
  }
  // Admins have no Feedback button; everyone else sees it on most pages (it steps aside only
  // where something is under it).
  if (role === 'admin') expect(feedbackShownOn).toBe(0);
  else expect(feedbackShownOn).toBeGreaterThan(paths.length / 2);
  expect.soft(violations, violations.join('\n')).toEqual([]);
  expect(covered, covered.join('\n')).toEqual([]);
}

test.describe('every page of every role: axe finds no WCAG 2.2 A/AA violation, and the Feedback button covers nothing', () => {
  test.describe.configure({ timeout: 300_000 });
  for (const role of ['visitor', 'driver', 'host', 'admin'] as const)
    for (const size of WIDTHS)
      test(`${role === 'visitor' ? 'a visitor' : `the demo ${role}`} at ${size.width} px`, async ({
        page,
      }) => {
        await checkPages(page, role, size);
      });
});

test('a toast lies over nothing a person reads or presses, on a phone and a laptop', async ({
  page,
}) => {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/login');
    await signIn(page, ACCOUNTS.driver.email, ACCOUNTS.driver.password);
    await signOut(page);
    const toast = page.getByRole('status').filter({ hasText: 'Sign out successful' });
    await expect(toast).toBeVisible();
    const toasts = await coveredBy(page, '[aria-label="Notifications"] > li');
    expect(toasts.shown).toBeGreaterThan(0);
    expect(toasts.problems).toEqual([]);
  }
});
