import { formatUsd } from '@parkside/validators';
import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { useSeen } from '~/components/ui/use-seen';

/** Where to look for nearby prices: the event, and the driveway's position once it has one. */
export interface PriceHelpFor {
  eventId: string;
  latitude?: number;
  longitude?: number;
  /** The listing being edited, left out of its own comparison. */
  excludeListingId?: string;
}

interface PriceHelpAnswer {
  help: {
    around: 'driveway' | 'venue';
    miles: number;
    count: number;
    medianCents: number | null;
    minCents: number | null;
    maxCents: number | null;
  } | null;
}

/**
 * What open listings within a mile ask for the same event, asked once the field is on screen and
 * again (after a short pause) when the event or the position changes; an answer to an older
 * question is never shown.
 */
export function PriceHelp({ id, for: target }: { id: string; for: PriceHelpFor }) {
  const fetcher = useFetcher<PriceHelpAnswer>({ key: id });
  const { load } = fetcher;
  const query = new URLSearchParams({ event: target.eventId });
  if (target.latitude !== undefined && target.longitude !== undefined) {
    query.set('lat', String(target.latitude));
    query.set('lng', String(target.longitude));
  }
  if (target.excludeListingId) query.set('exclude', target.excludeListingId);
  const href = `/price-help?${query}`;
  // Asked only once the field is near the screen: My Listings has a closed one per listing.
  const { ref, seen } = useSeen<HTMLParagraphElement>('100% 0px');
  useEffect(() => {
    if (!seen) return;
    const timer = setTimeout(() => load(href), 250);
    return () => clearTimeout(timer);
  }, [seen, href, load]);

  const help = fetcher.data?.help;
  const where = help?.around === 'driveway' ? 'of your driveway' : 'of the venue';
  return (
    // Room for the longest answer is kept, so the form does not move when it arrives.
    <p ref={ref} id={id} aria-live="polite" className="min-h-15 text-sm text-slate-700 sm:min-h-10">
      {!help ? (
        fetcher.state !== 'idle' ? (
          'Looking up nearby prices…'
        ) : null
      ) : help.count === 0 || help.medianCents === null ? (
        `No nearby listings yet for this event (within ${help.miles} mile ${where}).`
      ) : help.minCents === help.maxCents ? (
        <>
          Nearby for this event: {help.count === 1 ? '1 listing' : `${help.count} listings`} within{' '}
          {help.miles} mile {where} {help.count === 1 ? 'asks' : 'ask'}{' '}
          <strong>{formatUsd(help.medianCents)}</strong>.
        </>
      ) : (
        <>
          Nearby for this event: <strong>{formatUsd(help.medianCents)}</strong> is the median, from{' '}
          {formatUsd(help.minCents!)} to {formatUsd(help.maxCents!)} ({help.count} listings within{' '}
          {help.miles} mile {where}).
        </>
      )}
    </p>
  );
}
