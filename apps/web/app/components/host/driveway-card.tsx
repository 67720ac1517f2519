import { AmenityList } from '~/components/driveways/amenity-list';
import { DrivewayPhotos } from '~/components/driveways/driveway-photos';
import { AddListingForm, EditDrivewayForm, type DrivewayFormProps } from './host-forms';
import { ListingPanel } from './listing-panel';
import { MoreEventsForm } from './more-events-form';

/** A host's driveway with its listings per event and what the host can do with them. */
export function DrivewayCard({ driveway, events, feeBps, failure }: DrivewayFormProps) {
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
        <AmenityList amenities={driveway.amenities} />
      </div>
      <DrivewayPhotos driveway={driveway} />
      <div className="flex flex-col gap-3">
        <EditDrivewayForm driveway={driveway} failure={failure} />
        <AddListingForm driveway={driveway} events={events} feeBps={feeBps} failure={failure} />
        <MoreEventsForm driveway={driveway} feeBps={feeBps} failure={failure} />
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
              near={{ latitude: driveway.latitude, longitude: driveway.longitude }}
              failure={failure}
            />
          ))}
        </div>
      )}
    </section>
  );
}
