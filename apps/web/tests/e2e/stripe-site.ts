import { startStripeTestServer } from '@parkside/payments/testing';
import { freePort, startServer, stopServers } from './app-servers';
import { createFreshDatabase } from './fresh-database';

/**
 * A production server of a test's own with Stripe on: a fresh database with the demo data, and a
 * local server that answers as Stripe's API does and sends its webhooks, signed with `name`'s
 * secret, to this site (after `webhookDelayMs`, as a slow Stripe would). `close` stops all three.
 */
export async function startStripeSite(
  name: string,
  { webhookDelayMs, env = {} }: { webhookDelayMs?: number; env?: Record<string, string> } = {},
) {
  const webhookSecret = `whsec_e2e_${name}`;
  const stripe = await startStripeTestServer({ webhookSecret, webhookDelayMs });
  const database = await createFreshDatabase();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  stripe.setWebhookUrl(`${base}/webhooks/stripe`);
  const server = await startServer(
    {
      ...database.env,
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe.url,
      ...env,
    },
    port,
  );
  const close = async () => {
    await stopServers([server]);
    await stripe.close();
    await database.drop();
  };
  return { base, stripe, close };
}
