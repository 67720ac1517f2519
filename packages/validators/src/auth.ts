import { text } from './text';
import { z } from './z';
import {
  ADDRESS_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  URL_MAX_LENGTH,
} from './limits';

/** Text input: trimmed; an empty field is "not given". */
const optionalText = (max: number, label: string) =>
  text()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters.` })
    .optional()
    .transform((value) => (value ? value : undefined));

export const nameSchema = text({ message: 'Enter your name.' })
  .trim()
  .min(1, { message: 'Enter your name.' })
  .max(NAME_MAX_LENGTH, { message: `Name must be at most ${NAME_MAX_LENGTH} characters.` });

export const emailSchema = text({ message: 'Enter your email address.' })
  .trim()
  .min(1, { message: 'Enter your email address.' })
  .max(EMAIL_MAX_LENGTH, { message: 'That email address is too long.' })
  .pipe(z.email({ message: 'Enter a valid email address, like name@example.com.' }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = text({ message: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, {
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  })
  .max(PASSWORD_MAX_LENGTH, {
    message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  });

export const phoneSchema = optionalText(PHONE_MAX_LENGTH, 'Phone number').refine(
  (value) => value === undefined || /^\+?[0-9 ().-]{7,}$/.test(value),
  { message: 'Enter a valid phone number, like (801) 555-0123.' },
);

export const addressSchema = optionalText(ADDRESS_MAX_LENGTH, 'Address');

export const profileImageUrlSchema = text()
  .trim()
  .max(URL_MAX_LENGTH, { message: 'That image address is too long.' })
  .refine((value) => value === '' || /^(https?:\/\/|\/)[^\s]+$/.test(value), {
    message: 'Enter a web address starting with https://.',
  })
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * Where to go after signing in: a path on this site only (never another host, never "//host"),
 * so a crafted link cannot bounce a user elsewhere.
 */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 1000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Serialized as a URL, so the path is plain ASCII: any character outside Latin-1 ("/日本")
  // would otherwise make the redirect's Location header throw. A path the parser moves to
  // another host (tabs and newlines are dropped, "/\t/evil") falls back too.
  let url: URL;
  try {
    url = new URL(value, SAME_SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_SITE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

const SAME_SITE = 'http://parkside.invalid';

export const registerInput = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  terms: z
    .literal(['on', 'true', true], {
      message: 'Please accept the terms of service to create an account.',
    })
    .transform(() => true as const),
  phoneNumber: phoneSchema,
  address: addressSchema,
  profileImageUrl: profileImageUrlSchema,
  redirectTo: text().optional(),
});
export type RegisterInput = z.output<typeof registerInput>;

export const loginInput = z.object({
  email: emailSchema,
  // Compared with a stored hash, never stored or shown: any password set before the text rule
  // still signs in.
  password: z
    .string({ message: 'Enter your password.' })
    .min(1, { message: 'Enter your password.' })
    .max(PASSWORD_MAX_LENGTH, {
      message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
    }),
  redirectTo: text().optional(),
});

export const forgotPasswordInput = z.object({ email: emailSchema });

export const resetPasswordInput = z
  .object({
    token: text().min(1).max(200),
    password: passwordSchema,
    confirmPassword: text({ message: 'Repeat the new password.' }),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: 'The two passwords do not match.',
    path: ['confirmPassword'],
  });

export const changePasswordInput = z
  .object({
    // Like the sign-in password: only compared with the stored hash.
    currentPassword: z
      .string({ message: 'Enter your current password.' })
      .min(1, { message: 'Enter your current password.' })
      .max(PASSWORD_MAX_LENGTH),
    newPassword: passwordSchema,
    confirmPassword: text({ message: 'Repeat the new password.' }),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    message: 'The two passwords do not match.',
    path: ['confirmPassword'],
  });

export const profileInput = z.object({
  name: nameSchema,
  phoneNumber: phoneSchema,
  address: addressSchema,
});
export type ProfileInput = z.output<typeof profileInput>;

export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';
export const deleteAccountInput = z.object({
  confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION, {
    message: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm.`,
  }),
});

/** An admin is kept by e-mail (the spec's `admins`): grant and revoke name one. */
export const adminEmailInput = z.strictObject({ email: emailSchema });
