import type { PassCheckInInput } from '@parkside/validators';
import type { AppLoadContext } from '@remix-run/node';
import { data } from '@remix-run/node';
import { tryApi } from './api-errors';
import { redirectWithToast } from './toast';

/**
 * Checks a car in for its host and says so in the words the arrivals list shows: the same for the
 * form, the phone's check-ins and the ones it sends when the signal returns.
 */
export async function checkInCar(context: AppLoadContext, input: PassCheckInInput) {
  const result = await tryApi(() => context.api.pass.checkIn(input));
  if (!result.ok) return result;
  const car = result.value;
  const message = car.alreadyCheckedIn
    ? `${car.licensePlate ?? 'This car'} was already checked in.`
    : `Checked in: ${car.licensePlate ?? 'the car'} (${car.driverFirstName}).`;
  return { ok: true as const, message, bookingId: car.bookingId };
}

/** The arrivals form without JavaScript: check in, then back to `page` with the outcome. */
/** Whether the form checks a car in: by the arrivals list's button or by a typed code. */
export function isCheckInForm(form: FormData): boolean {
  const intent = form.get('intent');
  return intent === 'check-in' || intent === 'check-in-code';
}

export async function checkInFromForm(context: AppLoadContext, form: FormData, page: string) {
  const intent = form.get('intent');
  const code = String(form.get('code') ?? '');
  const input =
    intent === 'check-in' ? { bookingId: String(form.get('bookingId') ?? '') } : { code };
  const result = await checkInCar(context, input);
  if (!result.ok) {
    return data(
      { intent: 'check-in' as const, checkInError: result.error, code },
      { status: result.status },
    );
  }
  return redirectWithToast(page, { type: 'success', title: result.message });
}
