import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '~/utils/use-hydrated';
import type { FoundPlace } from './fill-address';

/** What the browser's refusal or failure means to the host, in one line (GeolocationPositionError codes). */
const REFUSALS: Record<number, string> = {
  1: 'Your browser did not share your position. Allow location for this site, or find the address instead.',
  2: 'Your position could not be found. Find the address, or drop the pin on the map.',
  3: 'Finding your position took too long. Try again, or drop the pin on the map.',
};

/**
 * "Use my location": asks the browser for the position, moves the pin there and, where address
 * search is on, fills the address found there (the fields stay editable). A refusal or an
 * error is one line under the button.
 */
export function UseMyLocation({
  onLocated,
  reverse,
  onAddress,
}: {
  onLocated: (latitude: number, longitude: number) => void;
  /** Whether the address at the position can be looked up. */
  reverse: boolean;
  onAddress: (place: FoundPlace) => void;
}) {
  const live = useHydrated();
  const lookup = useFetcher<{ places: FoundPlace[]; error: string | null }>();
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'asking' } | { kind: 'located' } | { kind: 'failed'; why: string }
  >({ kind: 'idle' });
  const used = useRef<unknown>(null);
  const found = lookup.state === 'idle' ? lookup.data : undefined;

  // The address at the position fills the fields once, when it arrives.
  useEffect(() => {
    if (!found || used.current === found) return;
    used.current = found;
    const place = found.places[0];
    if (place) onAddress(place);
  }, [found, onAddress]);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setState({ kind: 'failed', why: 'This browser cannot share its position.' });
      return;
    }
    setState({ kind: 'asking' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const latitude = Number(coords.latitude.toFixed(6));
        const longitude = Number(coords.longitude.toFixed(6));
        onLocated(latitude, longitude);
        setState({ kind: 'located' });
        if (reverse) {
          lookup.load(
            `/address-search?${new URLSearchParams({ lat: String(latitude), lng: String(longitude) })}`,
          );
        }
      },
      (error) => setState({ kind: 'failed', why: REFUSALS[error.code] ?? REFUSALS[2]! }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const message =
    state.kind === 'asking'
      ? 'Asking your browser for your position…'
      : state.kind === 'failed'
        ? state.why
        : state.kind === 'located'
          ? lookup.state !== 'idle'
            ? 'Pin moved to your position. Looking up the address…'
            : found?.places[0]
              ? `Pin moved to your position, address filled in: ${found.places[0].label}. Check both.`
              : found?.error
                ? `Pin moved to your position. ${found.error}`
                : reverse && found
                  ? 'Pin moved to your position. No address was found there: type it above.'
                  : 'Pin moved to your position. Check it on the map.'
          : '';

  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        onClick={locate}
        disabled={!live || state.kind === 'asking'}
        className="text-brand-800 ring-brand-200 hover:bg-brand-50 inline-flex h-11 w-fit items-center gap-2 rounded-lg px-4 text-sm font-semibold ring-1 disabled:opacity-60"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M10 2a1 1 0 0 1 1 1v1.07A6 6 0 0 1 15.93 9H17a1 1 0 1 1 0 2h-1.07A6 6 0 0 1 11 15.93V17a1 1 0 1 1-2 0v-1.07A6 6 0 0 1 4.07 11H3a1 1 0 1 1 0-2h1.07A6 6 0 0 1 9 4.07V3a1 1 0 0 1 1-1Zm0 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0 2.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z" />
        </svg>
        Use my location
      </button>
      <p
        aria-live="polite"
        className={`min-h-5 text-sm ${state.kind === 'failed' ? 'font-medium text-red-700' : 'text-slate-600'}`}
      >
        {message}
      </p>
    </div>
  );
}
