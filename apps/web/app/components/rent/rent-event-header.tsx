import { EventImage } from '~/components/events/event-image';
import { formatEventDate, formatEventTime } from '~/utils/event-time';

/** The event /rent is for: its picture, title, time in its own zone, venue, and if cancelled. */
export function RentEventHeader({
  event,
}: {
  event: {
    title: string;
    status: string;
    imageUrl: string | null;
    startsAt: string;
    endsAt: string;
    timeZone: string;
    venueName: string;
    street: string;
    city: string;
    region: string;
  };
}) {
  return (
    <header className="mt-4 flex flex-col gap-4 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 sm:flex-row">
      {/* On a phone the driveways come first: the event's picture waits for a wider screen. */}
      <EventImage url={event.imageUrl} className="hidden sm:block sm:w-64" />
      <div className="p-5 sm:py-6 sm:pr-6 sm:pl-0">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{event.title}</h1>
        {event.status === 'cancelled' ? (
          <p
            role="status"
            className="mt-2 rounded-lg bg-red-50 px-3 py-1.5 font-semibold text-red-800"
          >
            This event has been cancelled.
          </p>
        ) : null}
        <p className="mt-2 text-slate-700">
          {formatEventDate(event.startsAt, event.timeZone)} ·{' '}
          {formatEventTime(event.startsAt, event.timeZone)} to{' '}
          {formatEventTime(event.endsAt, event.timeZone)}
        </p>
        <p className="text-slate-600">
          {event.venueName}, {event.street}, {event.city}, {event.region}
        </p>
      </div>
    </header>
  );
}
