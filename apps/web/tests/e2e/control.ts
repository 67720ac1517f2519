import type { DevOidcAccount } from '@parkside/dev-oidc';
import type { ReceivedEmail } from '@parkside/email/testing';

/** The test server's control endpoint (see serve.ts). */
const base = `http://127.0.0.1:${process.env.E2E_CONTROL_PORT ?? 3211}`;

/** Waits for an e-mail to `to` (matching `subject`) to reach the test SMTP server. */
export async function waitForEmail(
  to: string,
  subject: string,
  timeoutMs = 20_000,
): Promise<ReceivedEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${base}/mail?${new URLSearchParams({ to })}`);
    const messages = (await response.json()) as ReceivedEmail[];
    const match = messages.filter((m) => m.subject === subject).at(-1);
    if (match) return match;
    if (Date.now() > deadline) {
      throw new Error(
        `No "${subject}" e-mail to ${to}; got: ${messages.map((m) => m.subject).join(', ') || 'nothing'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export function linkFrom(email: ReceivedEmail): string {
  const match = /https?:\/\/\S+token=[\w-]+/.exec(email.text);
  if (!match) throw new Error(`No link in:\n${email.text}`);
  return match[0];
}

export async function upsertOidcAccount(account: DevOidcAccount) {
  await fetch(`${base}/oidc/accounts`, { method: 'POST', body: JSON.stringify(account) });
}

/** Makes the test SMTP server refuse mail to `address` (other tests' mail keeps flowing). */
export async function setMailFailing(on: boolean, address: string) {
  await fetch(`${base}/smtp/failing?${new URLSearchParams({ on: String(on), address })}`, {
    method: 'POST',
  });
}

/** The test SMTP server's address, for servers a spec starts itself. */
export async function testSmtpUrl(): Promise<string> {
  return ((await (await fetch(`${base}/smtp`)).json()) as { url: string }).url;
}

let counter = 0;
/** A fresh address per test, so specs can run in any order against one database. */
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** The pending mail job to `address` runs out of attempts now; false without PostgreSQL. */
export async function giveUpMailTo(address: string): Promise<number | null> {
  const response = await fetch(`${base}/jobs/give-up?${new URLSearchParams({ to: address })}`, {
    method: 'POST',
  });
  if (response.status === 501) return null;
  return ((await response.json()) as { failed: number }).failed;
}
