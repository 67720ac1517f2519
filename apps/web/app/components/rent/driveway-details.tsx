import { WALKING_MPH, type Amenity } from '@parkside/validators';
import { AmenityList } from '~/components/driveways/amenity-list';
import { AreaMap } from '~/components/map/area-map';
import { RatingSummary } from '~/components/reviews/rating-summary';
import { ReviewList, type ReviewView } from '~/components/reviews/review-list';
import { Section } from '~/components/ui/section';

export interface DrivewayDetailsView {
  driveway: {
    title: string;
    description: string;
    street: string;
    city: string;
    region: string;
    latitude: number;
    longitude: number;
    amenities: Amenity[];
    rating: { average: number; count: number } | null;
  };
  event: {
    title: string;
    venueName: string;
    latitude: number;
    longitude: number;
    timeZone: string;
  };
  distanceMiles: number;
  walkingMinutes: number;
  host: {
    firstName: string;
    memberSince: string;
    rating: { average: number; count: number } | null;
  } | null;
  reviews: ReviewView[];
}

const monthYear = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The title block of a driveway's page: name, rating, where, and the walk to the venue. */
export function DrivewayHeading({ view }: { view: DrivewayDetailsView }) {
  const { driveway, event } = view;
  return (
    <header className="flex flex-col gap-1">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{driveway.title}</h1>
      <RatingSummary rating={driveway.rating} className="font-semibold text-slate-800" />
      <p className="text-slate-700">
        {driveway.street}, {driveway.city}, {driveway.region}
      </p>
      <p className="font-semibold text-slate-900">
        {view.distanceMiles.toFixed(2)} mi from {event.venueName} · about {view.walkingMinutes} min
        on foot
      </p>
      <p className="text-sm text-slate-600">
        Walking time is estimated from the straight-line distance, with a third added for the
        streets, at {WALKING_MPH} mph.
      </p>
    </header>
  );
}

/** The rest of a driveway's page: about it, where it is, its host, and drivers' reviews. */
export function DrivewayDetails({ view }: { view: DrivewayDetailsView }) {
  const { driveway, event, host } = view;
  return (
    <div className="flex flex-col gap-6">
      <Section title="About this driveway">
        {driveway.description ? (
          <p className="whitespace-pre-line text-slate-700">{driveway.description}</p>
        ) : (
          <p className="text-slate-600">The host has not described this driveway.</p>
        )}
        <AmenityList amenities={driveway.amenities} />
      </Section>
      <Section
        title="Where it is"
        description="The circle shows the area. The exact address and how to get in come with your booking."
      >
        <AreaMap
          area={{ latitude: driveway.latitude, longitude: driveway.longitude }}
          venue={{ name: event.venueName, latitude: event.latitude, longitude: event.longitude }}
        />
      </Section>
      <Section title={host ? `Hosted by ${host.firstName}` : 'Host'}>
        {host ? (
          <p className="text-slate-700">
            On Parkside since {monthYear.format(new Date(host.memberSince))}
            {host.rating ? (
              <>
                {' · '}
                <RatingSummary rating={host.rating} />
                <span className="text-slate-600"> across their driveways</span>
              </>
            ) : (
              ' · no reviews yet'
            )}
          </p>
        ) : (
          <p className="text-slate-600">This host has left Parkside.</p>
        )}
      </Section>
      <Section title="What drivers say">
        <ReviewList reviews={view.reviews} timeZone={event.timeZone} />
      </Section>
    </div>
  );
}
