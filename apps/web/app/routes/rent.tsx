import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { tryApi } from '~/.server/api-errors';
import { buttonClasses } from '~/components/ui/button';
import { formatEventDate, formatEventTime } from '~/utils/event-time';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: loaded?.event
      ? `Parking for ${loaded.event.title} · Parkside`
      : 'Event not found · Parkside',
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const id = new URL(request.url).searchParams.get('event');
  if (!id) return redirect('/events');
  const result = await tryApi(() => context.api.event.byId({ id }));
  if (!result.ok) return data({ event: null }, { status: 404 });
  return { event: result.value };
}

export default function RentPage() {
  const { event } = useLoaderData<typeof loader>();
  if (!event) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">We could not find that event</h1>
        <p className="mt-2 text-slate-600">It may have been removed, or the link is incomplete.</p>
        <Link to="/events" className={buttonClasses({ className: 'mt-6' })}>
          Browse upcoming events
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <Link to="/events" className="text-brand-800 text-sm font-semibold hover:underline">
        <span aria-hidden="true">←</span> All events
      </Link>
      <article className="mt-4 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <img
          src={event.imageUrl ?? '/images/events/parade.svg'}
          alt=""
          width={640}
          height={360}
          className="aspect-[21/9] w-full bg-slate-200 object-cover"
        />
        <div className="p-6 sm:p-8">
          <h1 className="text-3xl font-extrabold tracking-tight">{event.title}</h1>
          {event.status === 'cancelled' ? (
            <p
              role="status"
              className="mt-3 rounded-lg bg-red-50 px-4 py-2 font-semibold text-red-800"
            >
              This event has been cancelled.
            </p>
          ) : null}
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-semibold text-slate-500">When</dt>
              <dd className="mt-1">
                {formatEventDate(event.startsAt, event.timeZone)}
                <br />
                {formatEventTime(event.startsAt, event.timeZone)} to{' '}
                {formatEventTime(event.endsAt, event.timeZone)}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-500">Where</dt>
              <dd className="mt-1">
                {event.venueName}
                <br />
                {event.street}, {event.city}, {event.region} {event.postalCode}
              </dd>
            </div>
          </dl>
          {event.description ? <p className="mt-4 text-slate-700">{event.description}</p> : null}
        </div>
      </article>
      <section
        aria-labelledby="parking-heading"
        className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
      >
        <h2 id="parking-heading" className="text-xl font-bold">
          Driveways near {event.venueName}
        </h2>
        <p className="mt-2 text-slate-600">
          Booking driveways for this event is coming soon. Hosts nearby are setting up their spaces.
        </p>
      </section>
    </div>
  );
}
