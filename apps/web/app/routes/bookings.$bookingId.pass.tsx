import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { tryApi } from '~/.server/api-errors';
import { requireVerifiedUser } from '~/.server/auth';
import { qrSvg } from '~/.server/qr';
import { formatEventDate, formatEventTime, formatWindowEnd } from '~/utils/event-time';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: loaded
      ? `Parking pass: ${loaded.pass.event.title} · Parkside`
      : 'Parking pass · Parkside',
  },
];

// A pass is the driver's own: never kept by a shared cache.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireVerifiedUser(context, request);
  const result = await tryApi(() => context.api.pass.get({ bookingId: params.bookingId ?? '' }));
  if (!result.ok) {
    throw data({ reason: 'not-found', message: 'This pass does not exist.' }, { status: 404 });
  }
  return { pass: result.value, qr: await qrSvg(result.value.code) };
}

const timeOf = (iso: string, timeZone: string) => formatEventTime(iso, timeZone);

export default function Pass() {
  const { pass, qr } = useLoaderData<typeof loader>();
  const { event, driveway } = pass;
  const cancelled = pass.status === 'cancelled';
  const address = `${driveway.street}, ${driveway.city}, ${driveway.region} ${driveway.postalCode}`;
  const directions = `https://www.google.com/maps/dir/?api=1&destination=${driveway.latitude},${driveway.longitude}`;
  return (
    // Room at the bottom: the floating Feedback button never has to sit on the QR.
    <div className="mx-auto w-full max-w-md px-4 pt-6 pb-24 text-black print:max-w-none print:p-0">
      <p className="text-sm font-bold tracking-wide uppercase print:hidden">
        <Link to="/my-bookings" className="text-brand-800 hover:underline">
          <span aria-hidden="true">←</span> My bookings
        </Link>
      </p>
      <article
        aria-labelledby="pass-title"
        className="mt-3 overflow-hidden rounded-3xl border-4 border-black bg-white print:break-inside-avoid"
      >
        <header className="bg-black px-5 py-4 text-white">
          <p className="text-sm font-bold tracking-widest uppercase">Parkside parking pass</p>
          <h1 id="pass-title" className="mt-1 text-2xl leading-tight font-extrabold">
            {event.title}
          </h1>
          <p className="mt-1 text-base">{formatEventDate(event.startsAt, event.timeZone)}</p>
        </header>

        {cancelled ? (
          <p
            role="status"
            className="border-b-4 border-black bg-red-700 px-5 py-6 text-center text-4xl font-black tracking-wide text-white uppercase"
          >
            Cancelled
            <span className="mt-2 block text-base font-bold tracking-normal normal-case">
              This booking was cancelled. The pass is not valid.
            </span>
          </p>
        ) : pass.checkedInAt ? (
          <p
            role="status"
            className="border-b-4 border-black bg-emerald-800 px-5 py-4 text-center text-3xl font-black text-white"
          >
            Checked in
            <span className="mt-1 block text-base font-bold">
              at {timeOf(pass.checkedInAt, event.timeZone)}
            </span>
          </p>
        ) : null}

        <div className="px-5 py-5">
          <dl className="grid gap-4">
            <div>
              <dt className="text-sm font-bold uppercase">License plate</dt>
              <dd className="font-mono text-4xl font-black tracking-wider">
                {pass.licensePlate ?? 'Not given'}
              </dd>
              {pass.vehicleDescription ? (
                <dd className="text-lg font-semibold">{pass.vehicleDescription}</dd>
              ) : null}
            </div>
            <div>
              <dt className="text-sm font-bold uppercase">Park between</dt>
              <dd className="text-2xl font-extrabold">
                {timeOf(pass.availableFrom, event.timeZone)} –{' '}
                {formatWindowEnd(pass.availableFrom, pass.availableTo, event.timeZone)}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-bold uppercase">Address</dt>
              <dd className="text-xl font-bold">{driveway.title}</dd>
              <dd className="text-lg">{address}</dd>
            </div>
            {driveway.accessInstructions ? (
              <div>
                <dt className="text-sm font-bold uppercase">How to get in</dt>
                <dd className="text-lg">{driveway.accessInstructions}</dd>
              </div>
            ) : null}
            <div>
              <dt className="text-sm font-bold uppercase">Host</dt>
              <dd className="text-lg">{pass.hostName}</dd>
            </div>
          </dl>

          {cancelled ? null : (
            <figure className="mt-6 flex flex-col items-center">
              <div
                role="img"
                data-feedback-clear
                aria-label={`Check-in code ${pass.codeGrouped}`}
                className="w-full max-w-[18rem] [&>svg]:h-auto [&>svg]:w-full"
                // Markup made on the server by the QR encoder from our own code, not user input.
                dangerouslySetInnerHTML={{ __html: qr }}
              />
              <figcaption className="mt-2 text-center">
                <span className="block text-sm font-bold uppercase">
                  Show this to your host, or read them the code
                </span>
                <span className="mt-1 block font-mono text-lg font-bold">{pass.codeGrouped}</span>
              </figcaption>
            </figure>
          )}

          {driveway.photo ? (
            <img
              src={driveway.photo}
              alt={`The driveway: ${driveway.title}`}
              className="mt-6 aspect-video w-full rounded-xl border-2 border-black object-cover print:hidden"
            />
          ) : null}

          <div className="mt-6 grid gap-3 print:hidden">
            <a
              href={directions}
              target="_blank"
              rel="noreferrer"
              className="rounded-xl bg-black px-4 py-4 text-center text-lg font-bold text-white underline-offset-4 hover:underline"
            >
              Get directions
            </a>
            <a
              href={`/bookings/${pass.bookingId}/pass.ics`}
              className="rounded-xl border-4 border-black px-4 py-3 text-center text-lg font-bold underline-offset-4 hover:underline"
            >
              Add to calendar
            </a>
          </div>
        </div>
      </article>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
