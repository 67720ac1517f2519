import { formatUsd, walkingMinutes, type Amenity } from '@parkside/validators';
import { AmenityList } from '~/components/driveways/amenity-list';
import { Link } from '@remix-run/react';
import { RatingSummary } from '~/components/reviews/rating-summary';
import { formatWindowEnd, formatWindowStart } from '~/utils/event-time';

export interface RentListing {
  id: string;
  title: string;
  street: string;
  city: string;
  priceCents: number;
  spacesLeft: number;
  distanceMiles: number;
  amenities: Amenity[];
  availableFrom: string;
  availableTo: string;
  /** Drivers' reviews of the driveway, when it has any. */
  rating?: { average: number; count: number };
}

export function ListingCard({
  listing,
  timeZone,
  eventStartsAt,
  photoUrl,
}: {
  listing: RentListing;
  timeZone: string;
  /** The event's start: a window opening on another day says its date. */
  eventStartsAt: string;
  /** The driveway's first photo, when it has one. */
  photoUrl?: string;
}) {
  const soldOut = listing.spacesLeft === 0;
  return (
    <article
      aria-label={listing.title}
      className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between"
    >
      {photoUrl ? (
        // The title links to the same page; the photo is a larger target, not a second stop.
        <Link to={`/rent/${listing.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <img
            src={photoUrl}
            alt=""
            width={160}
            height={120}
            loading="lazy"
            className="h-40 w-full rounded-xl bg-slate-200 object-cover sm:h-30 sm:w-40"
          />
        </Link>
      ) : null}
      <div className="min-w-0 sm:flex-1">
        <h3 className="text-lg font-bold">
          <Link to={`/rent/${listing.id}`} className="hover:text-brand-800 hover:underline">
            {listing.title}
          </Link>
        </h3>
        <RatingSummary rating={listing.rating} className="text-sm font-semibold text-slate-800" />
        <p className="text-sm text-slate-600">
          {listing.street}, {listing.city} · {listing.distanceMiles.toFixed(2)} mi from the venue,
          about {walkingMinutes(listing.distanceMiles)} min on foot
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Park from {formatWindowStart(listing.availableFrom, eventStartsAt, timeZone)} to{' '}
          {formatWindowEnd(listing.availableFrom, listing.availableTo, timeZone)}
        </p>
        <AmenityList amenities={listing.amenities} />
      </div>
      <div className="flex shrink-0 items-center justify-between gap-4 sm:flex-col sm:items-end">
        <p className="text-right">
          <span className="text-2xl font-extrabold">{formatUsd(listing.priceCents)}</span>
          <span className="block text-sm text-slate-600">
            {soldOut
              ? 'Sold out'
              : `${listing.spacesLeft} ${listing.spacesLeft === 1 ? 'space' : 'spaces'} left`}
          </span>
        </p>
        {soldOut ? null : (
          <Link
            to={`/booking-confirmation?listing=${listing.id}`}
            aria-label={`Book ${listing.title} for ${formatUsd(listing.priceCents)}`}
            className="bg-brand-700 hover:bg-brand-800 rounded-lg px-5 py-2.5 text-sm font-semibold text-white"
          >
            Book
          </Link>
        )}
      </div>
    </article>
  );
}
