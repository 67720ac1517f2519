import { PLATFORM_FEE_BPS_DEFAULT } from '@parkside/validators';
import { z } from 'zod';

/**
 * The marketplace's settings, parsed once when a server starts (from PLATFORM_FEE_BPS,
 * CANCEL_FULL_REFUND_HOURS, PUBLIC_URL and PASS_SECRET) and handed to every procedure as
 * `ctx.settings`: one typed object, the same on every request.
 */
export const settingsSchema = z.object({
  /** The platform's fee on each booking paid online, in basis points (1500 = 15 %). */
  platformFeeBps: z.number().int().min(0).max(5000).default(PLATFORM_FEE_BPS_DEFAULT),
  /** Hours before the start that a driver's cancellation is refunded in full. */
  cancelFullRefundHours: z.number().int().min(0).max(720).default(24),
  /** The site's address, for links in e-mails. */
  publicUrl: z.url().default('http://localhost:3000'),
  /** Signs the passes' check-in codes; null: a key kept in the database is used. */
  passSecret: z.string().min(32).nullable().default(null),
  /** Derives webhook endpoints' signing secrets; null: a key kept in the database is used. */
  webhookKey: z.string().min(32).nullable().default(null),
  /** Webhooks may reach private, loopback and link-local addresses (a private network's tools). */
  webhookAllowPrivate: z.boolean().default(false),
});

export type Settings = z.infer<typeof settingsSchema>;

/** Settings from what the operator configured; whatever is left out takes its default. */
export function parseSettings(input: z.input<typeof settingsSchema> = {}): Settings {
  return settingsSchema.parse(input);
}

/** The defaults, for callers (tests, scripts) that configure nothing. */
export const DEFAULT_SETTINGS: Settings = parseSettings();
