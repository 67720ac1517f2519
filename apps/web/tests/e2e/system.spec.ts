import { expect, test } from '@playwright/test';
import { giveUpMailTo, setMailFailing, uniqueEmail, waitForEmail } from './control';
import { newPage, screenshots } from './page-api';
import { signInAsAdmin, signUp } from './session';

/**
 * The admin System page: this server beating, the queue, and a mail job that ran out of
 * attempts while the SMTP server refused it, retried by an admin once it accepts mail again.
 */
test('an admin retries a failed mail job from the System page and the mail arrives', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('system-retry');
  await setMailFailing(true, email);
  try {
    const person = await newPage(browser, baseURL);
    await signUp(person, email, { name: 'Rhea Retry' });
    await person.context().close();
    // The verification mail was refused once; its job then runs out of attempts.
    test.skip(
      (await giveUpMailTo(email)) === null,
      'Needs the PostgreSQL test database (TEST_DATABASE_URL).',
    );
    await expect.poll(() => giveUpMailTo(email), { timeout: 15_000 }).toBeGreaterThan(0);
  } finally {
    await setMailFailing(false, email);
  }

  await signInAsAdmin(page);
  await page.goto('/admin/system');
  await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();
  const servers = page.getByRole('region', { name: /^Servers \(/ });
  await expect(servers.getByRole('row')).not.toHaveCount(1);
  const job = page.getByRole('listitem', { name: /, email\.send$/ }).filter({
    hasText: 'The SMTP server refused the message (550).',
  });
  await expect(job).toHaveCount(1);
  await expect(page.getByText(/migrations applied; the latest is/)).toBeVisible();
  await screenshots(page, 'admin-system');

  await job.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('status').filter({ hasText: /runs again\./ })).toBeVisible();
  const mail = await waitForEmail(email, 'Verify your email for Parkside');
  expect(mail.to).toContain(email);
  await page.reload();
  await expect(job).toHaveCount(0);
  await page.goto('/admin/audit');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'retried the job' }).first(),
  ).toBeVisible();
});
