import type { InputHTMLAttributes } from 'react';
import { Field } from '~/components/forms/field';
import { AddressSearch, type GeocoderCapabilities } from '~/components/map/address-search';
import { fillAddress, type FoundPlace } from '~/components/map/fill-address';
import { LocationPicker, type Position } from '~/components/map/location-picker';
import type { registerDrivewayFormInput } from '@parkside/validators';
import type { useZodForm } from '~/components/forms/use-zod-form';

/** A required driveway input's attributes, named as the form posts it, from its last value. */
export type DrivewayInput = (
  name: 'title' | 'street' | 'city' | 'region' | 'postalCode' | 'capacity',
  attributes?: InputHTMLAttributes<HTMLInputElement>,
) => InputHTMLAttributes<HTMLInputElement> & { name: string };

/** The fields of the driveway registration form. */
export type DrivewayFormFields = ReturnType<typeof useZodForm<typeof registerDrivewayFormInput>>[1];

const ADDRESS_FIELDS = {
  street: 'street',
  city: 'city',
  region: 'region',
  postalCode: 'postalCode',
} as const;

/** The address's last line: field, label and what browsers autofill into it. */
const TOWN_FIELDS = [
  ['city', 'City', 'address-level2'],
  ['region', 'State', 'address-level1'],
  ['postalCode', 'ZIP code', 'postal-code'],
] as const;

/**
 * Where the driveway is: a search that fills the address and moves the pin (where an address
 * provider is set up), the address fields, and the pin with its coordinates.
 */
export function DrivewayAddress({
  drivewayInput,
  fields,
  venue,
  geocoder,
  position,
}: {
  drivewayInput: DrivewayInput;
  fields: DrivewayFormFields;
  venue: [number, number];
  geocoder: GeocoderCapabilities;
  /** Where the pin is: the form's events nearby are read around it too. */
  position: Position;
}) {
  const formOf = () => document.getElementById('register-driveway') as HTMLFormElement | null;
  const pick = (place: FoundPlace) => {
    fillAddress(formOf(), place, ADDRESS_FIELDS);
    position.set(place.latitude, place.longitude);
  };
  return (
    <>
      {geocoder.search ? (
        <AddressSearch capabilities={geocoder} near={venue} onPick={pick} />
      ) : null}
      <Field
        label="Street address"
        errors={fields.street.errors}
        inputProps={drivewayInput('street', { autoComplete: 'address-line1' })}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {TOWN_FIELDS.map(([name, label, autoComplete]) => (
          <Field
            key={name}
            label={label}
            errors={fields[name].errors}
            inputProps={drivewayInput(name, { autoComplete })}
          />
        ))}
      </div>
      <LocationPicker
        position={position}
        fallbackCenter={venue}
        errors={{ latitude: fields.latitude.errors, longitude: fields.longitude.errors }}
        idPrefix="driveway"
        legend="Position"
        hint="Drag the pin onto your driveway, or click the map. Drivers see an approximate position until they book."
        reverse={geocoder.reverse}
        onUseAddress={(place) => fillAddress(formOf(), place, ADDRESS_FIELDS)}
      />
    </>
  );
}
