import { AmenityList } from '~/components/driveways/amenity-list';
import { DrivewayPhotos } from '~/components/driveways/driveway-photos';
import { formatEventDate } from '~/utils/event-time';
import { AddListingForm, EditDrivewayForm, type DrivewayFormProps } from './host-forms';
import { ListingPanel } from './listing-panel';
import { fixAnchor } from './fix-listing-form';
import { Link } from '@remix-run/react';
import { useEffect, useRef } from 'react';
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
  fixing,
}: DrivewayFormProps & {
  /** Open from the start (few driveways, or a form of it was just refused). */
  open: boolean;
  /** The instant the page was read, for "Today". */
  now: string;
  /** The listing "Fix and send again" was followed for. */
  fixing: string | null;
}) {
  const near = { latitude: driveway.latitude, longitude: driveway.longitude };
  const rejected = driveway.listings.filter((l) => l.upcoming && l.status === 'rejected');
  const details = useRef<HTMLDetailsElement>(null);
  // "Fix and send again" opens the driveway and the listing's form, even if the host closed them.
  useEffect(() => {
    if (!fixing || !driveway.listings.some((l) => l.id === fixing)) return;
    const form = document.getElementById(fixAnchor(fixing));
    if (details.current) details.current.open = true;
    if (form instanceof HTMLDetailsElement) {
      form.open = true;
      form.scrollIntoView({ block: 'start' });
    }
  }, [fixing, driveway.listings]);
  return (
    <section
      aria-labelledby={`driveway-${driveway.id}`}
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <details ref={details} open={open || undefined} className="group/driveway">
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
                    fixing={fixing}
                  />
                ))}
              </div>
            ))
          )}
        </div>
      </details>
      {/* Seen on the closed row without opening it; the opened driveway says it per listing. */}
      {rejected.length > 0 ? (
        <ul className="flex flex-col gap-2 border-t border-red-200 bg-red-50 px-5 py-3 text-sm text-red-900 sm:px-6 [details[open]~&]:hidden">
          {rejected.map((listing) => (
            <li key={listing.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span>
                <span className="font-semibold">Not approved</span> for {listing.event.title}:{' '}
                {listing.reviewReason ?? 'no reason given'}
              </span>
              <Link
                to={`?fix=${listing.id}#${fixAnchor(listing.id)}`}
                className="text-brand-800 font-semibold underline"
              >
                Fix and send again
                <span className="sr-only"> for {listing.event.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
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
