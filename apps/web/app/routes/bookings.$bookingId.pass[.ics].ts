import type { LoaderFunctionArgs } from '@remix-run/node';
import { tryApi } from '~/.server/api-errors';
import { requireVerifiedUser } from '~/.server/auth';
import { passCalendar } from '~/.server/ics';

/** The booking as an iCalendar file: the driver's own booking only; others get 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  const result = await tryApi(() => context.api.pass.get({ bookingId: params.bookingId ?? '' }));
  if (!result.ok) return new Response('Not found', { status: 404 });
  const pass = result.value;
  const { driveway } = pass;
  const body = passCalendar({
    bookingId: pass.bookingId,
    status: pass.status,
    eventTitle: pass.event.title,
    timeZone: pass.event.timeZone,
    availableFrom: pass.availableFrom,
    availableTo: pass.availableTo,
    drivewayTitle: driveway.title,
    address: `${driveway.street}, ${driveway.city}, ${driveway.region} ${driveway.postalCode}`,
    latitude: driveway.latitude,
    longitude: driveway.longitude,
    accessInstructions: driveway.accessInstructions,
    licensePlate: pass.licensePlate,
    passUrl: new URL(`/bookings/${pass.bookingId}/pass`, context.settings.publicUrl).toString(),
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="parkside-${pass.bookingId.slice(0, 8)}.ics"`,
      'cache-control': 'private, no-store',
    },
  });
}
