import { AMENITY_LABELS } from '@parkside/validators';
import { DrivewayPhotos } from '~/components/driveways/driveway-photos';
import type { PickableEvent } from './event-window';
import type { HostFormFailure } from './form-state';
import { AddListingForm, EditDrivewayForm } from './host-forms';
import { ListingPanel } from './listing-panel';
import type { HostDriveway } from './types';

/** A host's driveway with its listings per event and what the host can do with them. */
export function DrivewayCard({
  driveway,
  events,
  feeBps,
  failure,
}: {
  driveway: HostDriveway;
  events: PickableEvent[];
  feeBps: number;
  failure?: HostFormFailure;
}) {
  return (
    <section
      aria-labelledby={`driveway-${driveway.id}`}
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div>
        <h2 id={`driveway-${driveway.id}`} className="text-xl font-bold">
          {driveway.title}
        </h2>
        <p className="text-slate-600">
          {driveway.street}, {driveway.city}, {driveway.region} {driveway.postalCode} · holds{' '}
          {driveway.capacity} {driveway.capacity === 1 ? 'car' : 'cars'}
        </p>
        {driveway.amenities.length ? (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Amenities">
            {driveway.amenities.map((a) => (
              <li
                key={a}
                className="bg-brand-50 text-brand-800 rounded-full px-2.5 py-0.5 text-xs font-semibold"
              >
                {AMENITY_LABELS[a]}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <DrivewayPhotos driveway={driveway} />
      <div className="flex flex-col gap-3">
        <EditDrivewayForm driveway={driveway} failure={failure} />
        <AddListingForm driveway={driveway} events={events} feeBps={feeBps} failure={failure} />
      </div>
      <h3 className="sr-only">Listings</h3>
      {driveway.listings.length === 0 ? (
        <p className="text-slate-600">Not listed for any event.</p>
      ) : (
        <div className="flex flex-col gap-4">
          {driveway.listings.map((listing) => (
            <ListingPanel
              key={listing.id}
              listing={listing}
              capacity={driveway.capacity}
              feeBps={feeBps}
              failure={failure}
            />
          ))}
        </div>
      )}
    </section>
  );
}
