import { passCheckInInput } from '@parkside/validators';
import type { ActionFunctionArgs } from '@remix-run/node';
import { checkInCar } from '~/.server/check-in';

const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * A host's check-in from the arrivals list in the browser (decision 042): the same check-in as
 * the form, answered in JSON, so a check-in made with no signal can be sent later from the phone.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ ok: false, error: 'Send a POST.' }, 405);
  if (!context.session) return json({ ok: false, error: 'Sign in to check cars in.' }, 401);
  if (!context.session.user.emailVerified) {
    return json({ ok: false, error: 'Verify your e-mail address first.' }, 403);
  }
  const parsed = passCheckInInput.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    return json({ ok: false, error: parsed.error.issues[0]?.message ?? 'Check the code.' }, 400);
  }
  const result = await checkInCar(context, parsed.data);
  return result.ok
    ? json({ ok: true, message: result.message, bookingId: result.bookingId })
    : json({ ok: false, error: result.error }, result.status);
}

export function loader() {
  return json({ ok: false, error: 'Send a POST.' }, 405);
}
