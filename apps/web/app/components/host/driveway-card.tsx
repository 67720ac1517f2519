import { AmenityList } from '~/components/driveways/amenity-list';
import { DrivewayPhotos } from '~/components/driveways/driveway-photos';
import { formatEventDate } from '~/utils/event-time';
import { AddListingForm, EditDrivewayForm, type DrivewayFormProps } from './host-forms';
import { ListingPanel } from './listing-panel';
import { MoreEventsForm } from './more-events-form';
import type { HostDriveway, HostListing } from './types';

/** Today (its event is on now or later today), Upcoming and Past, in that order. */
function listingGroups(listings: HostListing[], now: string) {
  const today = (l: HostListing) =>
    l.upcoming &&
    (l.event.startsAt <= now ||
      formatEventDate(l.event.startsAt, l.event.timeZone) ===
        formatEventDate(now, l.event.timeZone));
  return [
    { title: 'Today', list: listings.filter(today) },
    { title: 'Upcoming', list: listings.filter((l) => l.upcoming && !today(l)) },
    { title: 'Past', list: listings.filter((l) => !l.upcoming) },
  ].filter((group) => group.list.length > 0);
}

/** The one line a closed driveway shows: where, and what is ahead. */
function summaryLine(driveway: HostDriveway) {
  const ahead = driveway.listings.filter((l) => l.upcoming);
  const booked = ahead.reduce((sum, l) => sum + l.booked, 0);
  return `${driveway.street}, ${driveway.city} · ${ahead.length} upcoming ${ahead.length === 1 ? 'listing' : 'listings'} · ${booked} ${booked === 1 ? 'booking' : 'bookings'}`;
}

/**
 * A host's driveway on one line, opened to see and change it: its photos and forms, and its
 * listings per event under Today, Upcoming and Past.
 */
export function DrivewayCard({
  driveway,
  events,
  terms,
  failure,
  open,
  now,
}: DrivewayFormProps & {
  /** Open from the start (few driveways, or a form of it was just refused). */
  open: boolean;
  /** The instant the page was read, for "Today". */
  now: string;
}) {
  const near = { latitude: driveway.latitude, longitude: driveway.longitude };
  return (
    <section
      aria-labelledby={`driveway-${driveway.id}`}
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <details open={open || undefined} className="group/driveway">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl p-5 hover:bg-slate-50 sm:px-6">
          <span className="min-w-0">
            <h2 id={`driveway-${driveway.id}`} className="text-xl font-bold">
              {driveway.title}
            </h2>
            <span className="block text-sm text-slate-600">{summaryLine(driveway)}</span>
          </span>
          <span
            aria-hidden="true"
            className="text-brand-800 text-2xl transition-transform group-open/driveway:rotate-90"
          >
            ›
          </span>
        </summary>
        <div className="flex flex-col gap-4 border-t border-slate-200 p-5 sm:p-6">
          <div>
            <p className="text-slate-600">
              {driveway.street}, {driveway.city}, {driveway.region} {driveway.postalCode} · holds{' '}
              {driveway.capacity} {driveway.capacity === 1 ? 'car' : 'cars'}
            </p>
            <AmenityList amenities={driveway.amenities} />
          </div>
          <DrivewayPhotos driveway={driveway} />
          <div className="flex flex-col gap-3">
            <EditDrivewayForm driveway={driveway} failure={failure} />
            <AddListingForm driveway={driveway} events={events} terms={terms} failure={failure} />
            <MoreEventsForm driveway={driveway} terms={terms} failure={failure} />
          </div>
          {driveway.listings.length === 0 ? (
            <p className="text-slate-600">Not listed for any event.</p>
          ) : (
            listingGroups(driveway.listings, now).map((group) => (
              <div key={group.title} className="flex flex-col gap-4">
                <h3 className="text-base font-bold text-slate-800">
                  {group.title} <span className="text-slate-600">({group.list.length})</span>
                </h3>
                {group.list.map((listing) => (
                  <ListingPanel
                    key={listing.id}
                    listing={listing}
                    capacity={driveway.capacity}
                    terms={terms}
                    near={near}
                    failure={failure}
                  />
                ))}
              </div>
            ))
          )}
        </div>
      </details>
    </section>
  );
}

/** Whether a refused form on the page belongs to this driveway (so it opens to show it). */
export function holdsFailure(driveway: HostDriveway, target: string | undefined) {
  if (!target) return false;
  return (
    driveway.id === target ||
    driveway.listings.some((l) => l.id === target || l.bookings.some((b) => b.id === target))
  );
}
