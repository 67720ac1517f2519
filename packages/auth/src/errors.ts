import { AppError } from '@parkside/core';
import { describeWait } from '@parkside/db';

/** Messages of the customer's specification and of our own flows, in one place. */
export const AUTH_MESSAGES = {
  userNotFound: 'User account not found. Please try signing up first.',
  wrongPassword: 'Incorrect email or password. Please try again.',
  socialOnly:
    'This account signs in with a social login. Use that button, or reset your password to set one.',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  linkRequiresPassword:
    'An account with this email already exists. Sign in with your password, then link this login from Account Settings.',
  alreadyLinkedElsewhere: 'That login is already linked to another Parkside account.',
  invalidLink: 'This link is invalid or has expired. Please request a new one.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  verificationSent: 'Verification email sent! Please check your inbox.',
  verificationFailed: 'Failed to send verification email. Please try again later.',
  alreadyVerified: 'Your email address is already verified.',
  wrongCode:
    'That code is not right, or it has expired. Check the latest e-mail, or send a new one.',
  lastLogin: 'Add a password or another login before removing this one, or you could not sign in.',
} as const;

export { AppError };

/** A 429 that says what was refused and how long to wait. */
export function tooMany(seconds: number, what: string): AppError {
  return AppError.tooManyRequests(`${what} Please try again in ${describeWait(seconds)}.`, seconds);
}
