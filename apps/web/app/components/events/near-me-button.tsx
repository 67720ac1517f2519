import { useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { buttonClasses } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { AlertText } from '~/components/forms/field';

/** Coordinates go into the URL rounded to about 100 m: enough to sort by, and shareable. */
const round = (value: number) => String(Math.round(value * 1000) / 1000);

const MESSAGES = {
  unsupported: 'This browser cannot share your location. Search by city instead.',
  denied:
    'Location access is blocked, so we cannot sort by distance. Allow location for this site in your browser, or search by city instead.',
  failed: 'We could not find your location just now. Try again, or search by city instead.',
} as const;

/**
 * "Near me": asks the browser for its position and reloads /events with it in the URL, keeping
 * the other filters. Geolocation needs JavaScript, so the button waits for it.
 */
export function NearMeButton({ params }: { params: Record<string, string> }) {
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<keyof typeof MESSAGES | null>(null);
  useEffect(() => setReady(true), []);

  function locate() {
    setError(null);
    if (!('geolocation' in navigator)) {
      setError('unsupported');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const next = new URLSearchParams(params);
        next.delete('cursor');
        next.set('lat', round(position.coords.latitude));
        next.set('lng', round(position.coords.longitude));
        navigate(`/events?${next}`);
      },
      (failure) => {
        setLocating(false);
        setError(failure.code === failure.PERMISSION_DENIED ? 'denied' : 'failed');
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        onClick={locate}
        disabled={!ready || locating}
        className={buttonClasses({ variant: 'secondary' })}
      >
        <Icon name="pin" className="size-4" />
        {locating ? 'Finding you…' : 'Near me'}
      </button>
      <AlertText className="max-w-md">{error ? MESSAGES[error] : null}</AlertText>
    </div>
  );
}
