import { chromium } from '@playwright/test';
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
async function as(email, password, width, pages) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (email) {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  }
  for (const [name, path] of pages) {
    await page.goto(`${base}${path}`);
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
  }
  await context.close();
}
for (const width of [390, 1366]) {
  await as('admin@example.com', 'parkside-admin', width, [['storage', '/storage-metrics'], ['audit', '/admin/audit'], ['admin-user', '/admin/users/demo-driver']]);
  await as('driver@example.com', 'parkside-driver', width, [['settings', '/account-settings'], ['messages', '/messages'], ['bookings', '/my-bookings'], ['events-empty', '/events?q=zzzzqqq']]);
  await as('host@example.com', 'parkside-host', width, [['listings', '/my-listings'], ['register-driveway', '/register-driveway'], ['register-event', '/register-event']]);
}
await browser.close();
