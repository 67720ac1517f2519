import { expect, test, type APIRequestContext } from './fixtures';
import { screenshots } from './page-api';
import { signInAsAdmin, signUpVerified } from './session';

/** What /api/trpc answers a tool (no cookies) that sends `secret` as a bearer token. */
async function whoIs(request: APIRequestContext, secret: string) {
  const response = await request.get('/api/trpc/account.me', {
    headers: { authorization: `Bearer ${secret}` },
  });
  const body = (await response.json()) as { result?: { data: { email: string } } };
  return { status: response.status(), email: body.result?.data.email };
}

test('a verified user makes a token for their own scripts, uses it, and revokes it', async ({
  page,
  request,
}) => {
  const email = await signUpVerified(page, 'Tori Tools');
  await page.goto('/account-settings');
  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section.getByText('No tokens yet.')).toBeVisible();
  // A person who is not an admin is not offered the admin scope.
  await expect(section.getByRole('checkbox', { name: /^admin/ })).toHaveCount(0);

  await section.getByLabel('Name').fill('Season import');
  await section.getByRole('checkbox', { name: /^events:write/ }).check();
  await section.getByLabel('Expires').selectOption({ label: 'In 30 days' });
  await section.getByRole('button', { name: 'Create token' }).click();
  const secret = (await page.getByTestId('token-secret').textContent())!.trim();
  expect(secret).toMatch(/^pk_[\w-]{20,}$/);
  await expect(section.getByRole('listitem').filter({ hasText: 'Season import' })).toContainText(
    'events:write',
  );
  await screenshots(page, 'account-api-tokens');

  expect(await whoIs(request, secret)).toEqual({ status: 200, email });

  // The secret is shown once: a reload shows the token, never the secret again.
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(section.getByText('Season import')).toBeVisible();

  await section.getByRole('button', { name: 'Revoke Season import' }).click();
  await expect(page.getByText('The token “Season import” is revoked.')).toBeVisible();
  await expect(section.getByText('Revoked', { exact: true })).toBeVisible();
  expect((await whoIs(request, secret)).status).toBe(401);
});

test('a refused token form keeps what was typed and says why', async ({ page }) => {
  await signUpVerified(page, 'Tori Tools');
  await page.goto('/account-settings');
  const section = page.getByRole('region', { name: 'API tokens' });
  await section.getByLabel('Name').fill('Nothing chosen');
  await section.getByRole('checkbox', { name: /^read/ }).uncheck();
  await section.getByRole('button', { name: 'Create token' }).click();
  await expect(section.getByText('Choose at least one scope.')).toBeVisible();
  await expect(section.getByLabel('Name')).toHaveValue('Nothing chosen');
});

test("admins see everyone's tokens with owner, scopes, expiry, last use and limit", async ({
  page,
  request,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/api-tokens');
  await page.getByLabel('Name').fill('Ops console');
  await page.getByRole('checkbox', { name: /^admin/ }).check();
  await page.getByLabel('Calls a minute').fill('1200');
  await page.getByRole('button', { name: 'Create token' }).click();
  const secret = (await page.getByTestId('token-secret').textContent())!.trim();
  const row = page.getByRole('listitem').filter({ hasText: 'Ops console' }).first();
  await expect(row).toContainText('admin@example.com');
  await expect(row).toContainText('1,200/min');
  await expect(row.getByRole('list', { name: 'Scopes' })).toContainText('admin');
  expect((await whoIs(request, secret)).status).toBe(200);
  await page.reload();
  await expect(row).not.toContainText('Last usednever');
  await screenshots(page, 'admin-api-tokens');
});
