import { text } from './text';
import { z } from './z';

/**
 * What an API token may do (decision 025). A token acts as its owner and is further limited to
 * its scopes: `read` for every query, one `…:write` scope per area for changes, `admin` for admin
 * procedures (only an admin's token may hold it), `storage:write` for uploading and deleting files
 * on the storage routes.
 */
export const API_TOKEN_SCOPES = [
  'read',
  'events:write',
  'listings:write',
  'bookings:write',
  'messages:write',
  'account:write',
  'storage:write',
  'admin',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read everything the owner can see',
  'events:write': 'Register, edit and cancel events',
  'listings:write': 'List driveways and change listings',
  'bookings:write': 'Book, cancel bookings and join wait-lists',
  'messages:write': 'Send messages and feedback',
  'account:write': "Change the owner's profile and revoke their tokens",
  'storage:write': 'Upload and delete files',
  admin: 'Admin procedures (admins only)',
};

/** Calls a minute when the creator does not say. */
export const API_TOKEN_DEFAULT_RATE_LIMIT = 600;
/** The most a non-admin may give their own token; admins may give up to the second figure. */
export const API_TOKEN_MAX_RATE_LIMIT = { user: 600, admin: 60_000 } as const;
export const API_TOKEN_MAX_EXPIRY_DAYS = 3650;

export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, {
  message: `Scopes are ${API_TOKEN_SCOPES.join(', ')}.`,
});

export const apiTokenCreateInput = z.strictObject({
  name: text()
    .trim()
    .min(1, 'Give the token a name.')
    .max(60, 'Name must be at most 60 characters.'),
  scopes: z
    .array(apiTokenScopeSchema)
    .min(1, 'Choose at least one scope.')
    .max(API_TOKEN_SCOPES.length)
    .transform((scopes) => API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
  /** Days until it stops working; none: it works until revoked. */
  expiresInDays: z
    .number({ message: 'Expiry must be a number of days.' })
    .int('Expiry must be a whole number of days.')
    .min(1, 'Expiry must be at least 1 day.')
    .max(API_TOKEN_MAX_EXPIRY_DAYS, `Expiry must be at most ${API_TOKEN_MAX_EXPIRY_DAYS} days.`)
    .optional(),
  rateLimitPerMinute: z
    .number({ message: 'The rate limit must be a number of calls a minute.' })
    .int('The rate limit must be a whole number.')
    .min(1, 'The rate limit must be at least 1 call a minute.')
    .max(
      API_TOKEN_MAX_RATE_LIMIT.admin,
      `The rate limit must be at most ${API_TOKEN_MAX_RATE_LIMIT.admin}.`,
    )
    .optional(),
});
export type ApiTokenCreateInput = z.output<typeof apiTokenCreateInput>;

/** "90d", or "90" (days): the bootstrap command's and the CLI's --expires. */
export function parseExpiryDays(value: string): number | null {
  const match = /^(\d{1,4})\s*d?$/i.exec(value.trim());
  if (!match) return null;
  const days = Number(match[1]);
  return days >= 1 && days <= API_TOKEN_MAX_EXPIRY_DAYS ? days : null;
}

/** The shape every token secret has; anything else is refused before a lookup. */
export const API_TOKEN_SECRET_PATTERN = /^pk_[A-Za-z0-9_-]{20,64}$/;
