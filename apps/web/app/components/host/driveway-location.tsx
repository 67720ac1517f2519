import { useState } from 'react';
import { Field, type FieldErrors } from '~/components/forms/field';
import { PinMap } from '~/components/map/pin-map';

const parse = (typed: string, limit: number) => {
  const value = Number(typed.trim());
  return typed.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
};

/**
 * The driveway's position: a pin on the map (loaded in the browser only) and the latitude and
 * longitude fields it fills. The fields alone are enough when the map cannot load.
 */
export function DrivewayLocation({
  defaultLatitude,
  defaultLongitude,
  venue,
  errors,
}: {
  defaultLatitude: string;
  defaultLongitude: string;
  /** The chosen event's venue: where the map looks before a pin is set. */
  venue: [number, number];
  errors: { latitude?: FieldErrors; longitude?: FieldErrors };
}) {
  const [latitude, setLatitude] = useState(defaultLatitude);
  const [longitude, setLongitude] = useState(defaultLongitude);
  const lat = parse(latitude, 90);
  const lng = parse(longitude, 180);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-semibold text-slate-800">Position</legend>
      <p className="-mt-1 text-sm text-slate-600">
        Drag the pin onto your driveway, or click the map. Drivers see an approximate position until
        they book.
      </p>
      <PinMap
        latitude={lat !== null && lng !== null ? lat : null}
        longitude={lat !== null && lng !== null ? lng : null}
        fallbackCenter={venue}
        onPick={(pickedLat, pickedLng) => {
          setLatitude(String(pickedLat));
          setLongitude(String(pickedLng));
        }}
      />
      <div className="grid grid-cols-2 gap-3">
        {(
          [
            ['latitude', 'Latitude', '40.2550', latitude, setLatitude],
            ['longitude', 'Longitude', '-111.6480', longitude, setLongitude],
          ] as const
        ).map(([name, label, placeholder, value, setValue]) => (
          <Field
            key={name}
            label={label}
            errors={errors[name]}
            inputProps={{
              id: `driveway-${name}`,
              name,
              inputMode: 'decimal',
              autoComplete: 'off',
              placeholder,
              required: true,
              value,
              onChange: (e) => setValue(e.target.value),
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}
