import { formatUsd } from '@parkside/validators';
import type { ApiCaller } from '@parkside/api';
import { data } from '@remix-run/node';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { tryApi } from '~/.server/api-errors';
import { shownEvent } from '~/.server/shown-event';
import { joinWaitlistAction } from '~/.server/waitlist';
import { PhotoGallery } from '~/components/driveways/photo-gallery';
import { NotFound } from '~/components/errors/error-screens';
import { KeptPart, useKept } from '~/components/layout/kept-part';
import { DrivewayBookingCard } from '~/components/rent/driveway-booking-card';
import { DrivewayDetails, DrivewayHeading } from '~/components/rent/driveway-details';
import { NotifyMe } from '~/components/rent/notify-me';
import { ReviewBanner } from '~/components/rent/review-banner';
import { formatEventDate } from '~/utils/event-time';
import { BackLink } from '~/components/ui/back-link';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  const head = loaded?.head;
  if (!head) return [{ title: 'Driveway not found · Parkside' }];
  return [
    { title: `${head.title} · Parkside` },
    { name: 'description', content: head.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Parkside' },
    { property: 'og:title', content: head.title },
    { property: 'og:description', content: head.description },
    { property: 'og:url', content: head.url },
    ...(head.image ? [{ property: 'og:image', content: head.image }] : []),
    { name: 'twitter:card', content: head.image ? 'summary_large_image' : 'summary' },
  ];
};

type DrivewayView = ReturnType<typeof shownDriveway>;

function shownDriveway(found: Awaited<ReturnType<ApiCaller['listing']['drivewayPage']>>) {
  const { event, ...rest } = found;
  return { ...rest, event: shownEvent(event) };
}

/** What the page's head says of the driveway, for a link shared in a message. */
function headOf(page: DrivewayView, origin: string) {
  const title = `${page.driveway.title} · Parking for ${page.event.title}`;
  const image = page.driveway.photos[0] ?? page.event.imageUrl;
  return {
    title,
    description: `${formatUsd(page.listing.priceCents)} · ${page.distanceMiles.toFixed(2)} mi (about ${page.walkingMinutes} min on foot) from ${page.event.venueName} · ${formatEventDate(page.event.startsAt, page.event.timeZone)}`,
    url: `${origin}/rent/${page.listing.id}`,
    image: image ? new URL(image, origin).href : null,
  };
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const listingId = params.listingId ?? '';
  const origin = context.settings.publicUrl.replace(/\/$/, '');
  // What every visitor sees, kept until the event's parking changes (decision 027).
  const page = await context.kept.shared(request, async (api) => {
    const found = await tryApi(() => api.listing.drivewayPage({ listingId }));
    if (!found.ok) return { value: null, dependsOn: null };
    return { value: shownDriveway(found.value), dependsOn: { events: [found.value.event.id] } };
  });
  if (!page) {
    // Not listed for drivers; its host and admins may still open a listing in review, marked so.
    const own = context.session
      ? await tryApi(() => context.api.listing.drivewayPage({ listingId }))
      : null;
    if (own?.ok) {
      const shown = shownDriveway(own.value);
      return { page: context.kept.sent(shown), head: headOf(shown, origin), waiting: false };
    }
    return data({ page: null, head: null, waiting: false }, { status: 404 });
  }
  // The driver's own: whether they already wait for a space at this event.
  const waiting =
    page.eventFull && context.session
      ? await context.api.waitlist.waiting({ eventId: page.event.id })
      : false;
  return { page: context.kept.sent(page), head: headOf(page, origin), waiting };
}

/** "Notify me" when every driveway of the event is booked. */
export const action = (args: ActionFunctionArgs) => joinWaitlistAction(args);

export default function DrivewayPage() {
  const loaded = useLoaderData<typeof loader>();
  const { waiting } = loaded;
  const page = useKept(loaded.page);
  if (!page) {
    return (
      <NotFound message="That driveway is not listed. It may have been removed, or the link is incomplete." />
    );
  }
  const { event } = page;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <ReviewBanner state={page.state} reason={page.rejectedBecause} />
      <KeptPart name="driveway">
        <BackLink to={`/rent?event=${event.id}`}>All driveways for {event.title}</BackLink>
        <div className="mt-4">
          <PhotoGallery title={page.driveway.title} photos={page.driveway.photos} />
        </div>
      </KeptPart>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <KeptPart name="driveway-heading">
          <div className="lg:col-start-1">
            <DrivewayHeading view={page} />
          </div>
        </KeptPart>
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {page.eventFull ? (
            // The wait-list part is the driver's own (whether they already wait): not kept.
            <DrivewayBookingCard
              view={page}
              waitlist={<NotifyMe waiting={waiting} hasListings eventId={event.id} />}
            />
          ) : (
            <KeptPart name="driveway-card">
              <DrivewayBookingCard view={page} waitlist={null} />
            </KeptPart>
          )}
        </div>
        <KeptPart name="driveway-details">
          <div className="lg:col-start-1">
            <DrivewayDetails view={page} />
          </div>
        </KeptPart>
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
