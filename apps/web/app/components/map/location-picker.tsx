import { useFetcher } from '@remix-run/react';
import { useCallback, useState } from 'react';
import { ErrorList, Field, type FieldErrors } from '~/components/forms/field';
import type { FoundPlace } from './fill-address';
import { PinMap } from './pin-map';
import { UseMyLocation } from './use-my-location';

const parse = (typed: string, limit: number) => {
  const value = Number(typed.trim());
  return typed.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
};

/** The pin as numbers, or null while a field is empty or holds no coordinate. */
export function pinOf(position: { latitude: string; longitude: string }) {
  const latitude = parse(position.latitude, 90);
  const longitude = parse(position.longitude, 180);
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

/** A position typed or picked, as the latitude and longitude fields hold it. */
export function usePosition(defaultLatitude: string, defaultLongitude: string) {
  const [position, setPosition] = useState({
    latitude: defaultLatitude,
    longitude: defaultLongitude,
  });
  return {
    ...position,
    set: (latitude: string | number, longitude: string | number) =>
      setPosition({ latitude: String(latitude), longitude: String(longitude) }),
  };
}
export type Position = ReturnType<typeof usePosition>;

/**
 * A position on the map: a pin to drag (loaded in the browser only), "Use my location", and the
 * latitude and longitude fields they fill, behind "Enter coordinates instead" (most people do
 * not know theirs; the fields alone still do the job when the map cannot load). Where an address
 * provider is set up, a dropped pin offers the address found there, and the browser's position
 * fills it.
 */
export function LocationPicker({
  position,
  fallbackCenter,
  fallbackZoom,
  errors,
  idPrefix,
  subject = 'Driveway',
  legend,
  hint,
  reverse,
  onUseAddress,
}: {
  position: Position;
  /** Where the map looks before a pin is set (the event's venue, or a default city). */
  fallbackCenter: [number, number];
  fallbackZoom?: number;
  errors: { latitude?: FieldErrors; longitude?: FieldErrors };
  idPrefix: string;
  subject?: 'Driveway' | 'Venue';
  legend: string;
  hint: string;
  /** Whether the address at a dropped pin can be looked up. */
  reverse: boolean;
  onUseAddress: (place: FoundPlace) => void;
}) {
  const pin = pinOf(position);
  const atPin = useFetcher<{ places: FoundPlace[]; error: string | null }>();
  const [dismissed, setDismissed] = useState(false);
  const found = dismissed || atPin.state !== 'idle' ? null : atPin.data?.places[0];
  const typedWrong = [position.latitude, position.longitude].some((v) => v.trim() !== '');
  // The fields are shown when something was typed in them or the server found them wrong.
  const [coordinatesOpen, setCoordinatesOpen] = useState(
    typedWrong && Boolean(errors.latitude?.length || errors.longitude?.length),
  );
  // Nothing typed and no pin: one line for what to do, whatever the fields' own words are.
  const missing =
    errors.latitude?.length || errors.longitude?.length
      ? [
          `Place your ${subject === 'Venue' ? 'venue' : 'driveway'}: find its address, use your location or drop the pin on the map.`,
        ]
      : [];
  const { set } = position;
  const located = useCallback(
    (latitude: number, longitude: number) => {
      set(latitude, longitude);
      setDismissed(true);
    },
    [set],
  );
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <p className="-mt-1 text-sm text-slate-600">{hint}</p>
      <UseMyLocation onLocated={located} reverse={reverse} onAddress={onUseAddress} />
      <PinMap
        latitude={pin?.latitude ?? null}
        longitude={pin?.longitude ?? null}
        fallbackCenter={fallbackCenter}
        fallbackZoom={fallbackZoom}
        subject={subject}
        onPick={(pickedLat, pickedLng) => {
          position.set(pickedLat, pickedLng);
          if (!reverse) return;
          setDismissed(false);
          atPin.load(
            `/address-search?${new URLSearchParams({ lat: String(pickedLat), lng: String(pickedLng) })}`,
          );
        }}
      />
      {found ? (
        <p
          aria-live="polite"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200"
        >
          <span>
            At the pin: <span className="text-ink font-semibold">{found.label}</span>
          </span>
          <button
            type="button"
            onClick={() => {
              onUseAddress(found);
              setDismissed(true);
            }}
            className="text-brand-800 font-semibold hover:underline"
          >
            Use this address
          </button>
        </p>
      ) : null}
      {!coordinatesOpen ? <ErrorList id={`${idPrefix}-position-error`} errors={missing} /> : null}
      <details
        open={coordinatesOpen}
        onToggle={(event) => setCoordinatesOpen(event.currentTarget.open)}
        className="group"
      >
        <summary className="text-brand-800 w-fit cursor-pointer text-sm font-semibold hover:underline">
          Enter coordinates instead
        </summary>
        {/* Closed, the fields still hold what the pin set and are sent with the form. */}
        <div className="mt-3 grid grid-cols-2 gap-3">
          {(
            [
              ['latitude', 'Latitude', position.latitude],
              ['longitude', 'Longitude', position.longitude],
            ] as const
          ).map(([name, label, value]) => (
            <Field
              key={name}
              label={label}
              errors={errors[name]}
              inputProps={{
                id: `${idPrefix}-${name}`,
                name,
                inputMode: 'decimal',
                autoComplete: 'off',
                value,
                onChange: (e) =>
                  name === 'latitude'
                    ? position.set(e.target.value, position.longitude)
                    : position.set(position.latitude, e.target.value),
              }}
            />
          ))}
        </div>
      </details>
    </fieldset>
  );
}
