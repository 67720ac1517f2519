import type { ApiCaller } from '@parkside/api';
import { LISTING_REJECT_REASON_MAX_LENGTH, formatUsd } from '@parkside/validators';
import { Link } from '@remix-run/react';
import { REVIEW_FLAG_LABELS } from '~/components/listings/review-flags';
import { AreaMap } from '~/components/map/area-map';
import { ChipList } from '~/components/ui/chip-list';
import { Fact } from '~/components/ui/fact';
import { ConfirmDialog, ReasonField } from '~/components/ui/confirm-dialog';
import { formatEventDate } from '~/utils/event-time';
import { utcDay } from '~/utils/utc-time';
import { IntentForm } from '~/components/forms/intent-form';

/** One listing of admin.listingQueue's answer. */
export type QueuedListing = Awaited<
  ReturnType<ApiCaller['admin']['listingQueue']>
>['listings'][number];

/** A listing rejected before and sent again by its host: the earlier reason and what changed. */
function SentAgain({ listing }: { listing: QueuedListing }) {
  const changes = listing.changesSinceReview;
  return (
    <section
      aria-label="Sent again"
      className="mt-3 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 ring-1 ring-sky-200"
    >
      <p>
        <span className="font-semibold">Sent again after a rejection.</span> The reason then:{' '}
        {listing.earlierReviewReason || 'none given'}
      </p>
      {changes.length > 0 ? (
        <ul aria-label="Changed since" className="mt-1 list-disc pl-5">
          {changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1">Nothing changed since.</p>
      )}
    </section>
  );
}

/** One listing waiting for review: what flagged it, where it is, its photos, and the decision. */
export function ListingReviewCard({ listing }: { listing: QueuedListing }) {
  const { driveway, event, host } = listing;
  return (
    <article
      aria-label={`${driveway.title} for ${event.title}`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-ink text-lg font-bold">{driveway.title}</h2>
          <p className="text-sm text-slate-700">
            {driveway.street}, {driveway.city}, {driveway.region} {driveway.postalCode}
          </p>
          <p className="text-sm text-slate-700">
            For <span className="font-semibold">{event.title}</span> ·{' '}
            {formatEventDate(event.startsAt, event.timeZone)}
          </p>
        </div>
        <p className="text-right text-sm text-slate-600">
          Listed {utcDay.format(new Date(listing.createdAt))}
        </p>
      </header>
      <ChipList
        label="Why it waits"
        items={listing.reviewFlags.map((flag) => REVIEW_FLAG_LABELS[flag])}
        tone="warning"
        className="mt-3"
      />
      {listing.earlierReviewReason !== null ? <SentAgain listing={listing} /> : null}
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Fact label="Price">
          {formatUsd(listing.priceCents)} · {listing.spacesOffered}{' '}
          {listing.spacesOffered === 1 ? 'space' : 'spaces'}
        </Fact>
        <Fact label="Nearby median">
          {listing.nearbyMedianCents === null
            ? 'No listings nearby'
            : formatUsd(listing.nearbyMedianCents)}
        </Fact>
        <Fact label="From the venue">{listing.milesFromVenue.toFixed(2)} mi</Fact>
        <Fact label="Host">
          {host ? (
            <Link
              to={`/admin/users/${host.id}`}
              className="text-brand-800 font-semibold hover:underline"
            >
              {host.name}
            </Link>
          ) : (
            'Deleted account'
          )}
          {host ? (
            <span className="block text-slate-600">
              since {utcDay.format(new Date(host.since))}
            </span>
          ) : null}
        </Fact>
      </dl>
      {driveway.description ? (
        <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800">{driveway.description}</p>
      ) : null}
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <ReviewPhotos title={driveway.title} photos={driveway.photos} />
        <AreaMap
          area={driveway}
          venue={{ name: event.venueName, latitude: event.latitude, longitude: event.longitude }}
          radiusMeters={20}
          label={`Map: the driveway's position and ${event.venueName}`}
          fallback={`${listing.milesFromVenue.toFixed(2)} miles from ${event.venueName}.`}
        />
      </div>
      <footer className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ConfirmDialog
          trigger="Reject…"
          triggerVariant="danger"
          title={`Reject ${driveway.title}?`}
          description={<p>Drivers will not see this listing. The host is e-mailed the reason.</p>}
          intent={`reject-${listing.id}`}
          fields={{ listingId: listing.id, decision: 'rejected' }}
          keepLabel="Back"
          confirmLabel="Reject listing"
          pendingText="Rejecting…"
        >
          <ReasonField
            label="Reason, sent to the host"
            maxLength={LISTING_REJECT_REASON_MAX_LENGTH}
            placeholder="e.g. The photos show a lawn, not a driveway."
          />
        </ConfirmDialog>
        <IntentForm
          intent={`approve-${listing.id}`}
          fields={{ listingId: listing.id, decision: 'approved' }}
          pendingText="Approving…"
          className="w-full sm:w-auto"
        >
          Approve
        </IntentForm>
      </footer>
    </article>
  );
}

function ReviewPhotos({ title, photos }: { title: string; photos: string[] }) {
  if (photos.length === 0) {
    return (
      <p className="grid min-h-40 place-items-center rounded-xl bg-slate-100 px-4 text-center text-sm text-slate-600 ring-1 ring-slate-200">
        No photos.
      </p>
    );
  }
  return (
    <ul aria-label={`Photos of ${title}`} className="grid grid-cols-2 gap-2">
      {photos.map((url, i) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer">
            <img
              src={url}
              alt={`${title}, view ${i + 1} of ${photos.length}`}
              loading="lazy"
              width={480}
              height={320}
              className="aspect-[3/2] w-full rounded-xl bg-slate-200 object-cover ring-1 ring-slate-200"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
