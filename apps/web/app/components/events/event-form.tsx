import {
  getFormProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  EVENT_ATTENDANCE_MAX,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  eventCreateInput,
  eventUpdateInput,
  URL_MAX_LENGTH,
  type eventEditFields,
} from '@parkside/validators';
import { Form } from '@remix-run/react';
import type { z } from 'zod';
import { useEffect, useState, type ReactNode } from 'react';
import { FormError, InputField, TextareaField, AlertText } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { ImageUpload } from '~/components/uploads/image-upload';
import { AddressSearch, type GeocoderCapabilities } from '~/components/map/address-search';
import { fillAddress } from '~/components/map/fill-address';
import { LocationPicker, usePosition } from '~/components/map/location-picker';
import { SelectField, type Option } from './select-field';
import { ButtonLink } from '~/components/ui/button-link';

/**
 * What the form starts with: the fields of an edit (`eventEditFields`), each as text, times as
 * wall-clock times at the venue.
 */
export type EventFormValues = Record<keyof ReturnType<typeof eventEditFields>, string>;

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6">
      <legend className="float-left mb-1 text-lg font-bold sm:col-span-2">{title}</legend>
      {hint ? <p className="-mt-2 text-sm text-slate-600 sm:col-span-2">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

/** The form without the new upload, which is not an event field (the page sets it apart). */
function withoutUpload(formData: FormData) {
  const fields = new FormData();
  for (const [key, value] of formData) if (key !== 'uploadedImage') fields.append(key, value);
  return fields;
}

/**
 * The event's image: the one it has (kept as `name`), a new upload (sent as `uploadedImage`,
 * which the page sets with `storage.setEventImage` once the event is saved), or none.
 */
function EventImageField({
  folder,
  name,
  current: stored,
  errors,
}: {
  folder: string;
  name: string;
  current: string;
  errors?: string[];
}) {
  const [current, setCurrent] = useState(stored);
  const [uploaded, setUploaded] = useState<string | null>(null);
  // A new key empties the upload's own preview when the image is removed.
  const [round, setRound] = useState(0);
  return (
    <div className="flex flex-col gap-2">
      <ImageUpload
        key={round}
        folder={folder}
        label="Event image (optional)"
        hint="A photo or poster of the event, shown on its card. JPEG, PNG or WebP, up to 5 MB."
        currentUrl={current || null}
        previewAlt="Event image"
        onUploaded={(image) => setUploaded(image.url)}
      />
      <input type="hidden" name={name} value={current} />
      {uploaded ? <input type="hidden" name="uploadedImage" value={uploaded} /> : null}
      {current || uploaded ? (
        <button
          type="button"
          onClick={() => {
            setCurrent('');
            setUploaded(null);
            setRound((n) => n + 1);
          }}
          className="self-start text-sm font-semibold text-red-700 hover:underline"
        >
          Remove image
        </button>
      ) : null}
      <AlertText>{errors?.join(' ')}</AlertText>
    </div>
  );
}

export function EventForm({
  userId,
  eventId,
  defaults,
  timeZones,
  countries,
  geocoder,
  lastResult,
}: {
  /** What address search offers here (nothing when no provider is set up). */
  geocoder: GeocoderCapabilities;
  /** The signed-in user: a new event's image is uploaded to their own folder. */
  userId: string;
  /** Set when editing an existing event. */
  eventId?: string;
  defaults: EventFormValues;
  timeZones: { common: Option[]; all: Option[] };
  countries: Option[];
  lastResult?: SubmissionResult<string[]>;
}) {
  // The edit form has the event's id; a new event must also start in the future.
  const schema = (eventId ? eventUpdateInput : eventCreateInput) as typeof eventUpdateInput;
  const [form, fields] = useForm<z.input<typeof eventUpdateInput>>({
    id: eventId ? `event-${eventId}` : 'new-event',
    lastResult,
    defaultValue: eventId ? { ...defaults, id: eventId } : defaults,
    onValidate: ({ formData }) => parseWithZod(withoutUpload(formData), { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });

  // A new event starts in the browser's own zone, which is usually the venue's.
  const { update } = form;
  const timeZoneName = fields.timeZone.name;
  useEffect(() => {
    if (eventId || defaults.timeZone) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (timeZones.all.some((option) => option.value === zone)) {
      update({ name: timeZoneName, value: zone });
    }
  }, [eventId, defaults.timeZone, timeZones, update, timeZoneName]);

  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
      {eventId ? <input type="hidden" name="id" value={eventId} /> : null}
      <FormError id={form.errorId} errors={form.errors} />

      <Section title="The event">
        <InputField
          field={fields.title}
          label="Title"
          className="sm:col-span-2"
          maxLength={EVENT_TITLE_MAX_LENGTH}
          placeholder="e.g. Stadium of Fire"
        />
        <div className="sm:col-span-2">
          <TextareaField
            label="Description (optional)"
            errors={fields.description.errors}
            textareaProps={{
              ...getTextareaProps(fields.description),
              maxLength: EVENT_DESCRIPTION_MAX_LENGTH,
              rows: 4,
            }}
          />
        </div>
        <InputField
          field={fields.expectedAttendance}
          type="number"
          label="Expected attendance"
          hint="About how many people will come."
          min={1}
          max={EVENT_ATTENDANCE_MAX}
          step={1}
          inputMode="numeric"
        />
        <InputField
          field={fields.websiteUrl}
          type="url"
          label="Website (optional)"
          maxLength={URL_MAX_LENGTH}
          placeholder="https://"
        />
        <div className="sm:col-span-2">
          <EventImageField
            folder={eventId ? `events/${eventId}` : `users/${userId}`}
            name={fields.imageUrl.name}
            current={
              typeof fields.imageUrl.initialValue === 'string' ? fields.imageUrl.initialValue : ''
            }
            errors={fields.imageUrl.errors}
          />
        </div>
      </Section>

      <VenueFields fields={fields} countries={countries} geocoder={geocoder} formId={form.id} />

      <Section title="When" hint="Enter the times as the clock at the venue shows them.">
        <SelectField
          label="Time zone of the venue"
          className="sm:col-span-2"
          errors={fields.timeZone.errors}
          selectProps={getSelectProps(fields.timeZone)}
          placeholder="Choose a time zone"
          groups={[
            { label: 'United States', options: timeZones.common },
            { label: 'All time zones', options: timeZones.all },
          ]}
        />
        <InputField field={fields.startLocal} type="datetime-local" label="Starts" />
        <InputField field={fields.endLocal} type="datetime-local" label="Ends" />
      </Section>

      <div className="flex flex-wrap gap-3">
        <SubmitButton pendingText={eventId ? 'Saving…' : 'Registering…'}>
          {eventId ? 'Save changes' : 'Register event'}
        </SubmitButton>
        <ButtonLink to="/registered-events" variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}

type EventFields = ReturnType<typeof useForm<z.input<typeof eventUpdateInput>>>[1];

const VENUE_ADDRESS_FIELDS = {
  street: 'street',
  city: 'city',
  region: 'region',
  postalCode: 'postalCode',
  country: 'country',
} as const;
/** The middle of the contiguous United States, seen whole, until the venue is placed. */
const COUNTRY_VIEW: [number, number] = [39.8283, -98.5795];

/**
 * Where the event is: the venue, an address search that fills its address and places the pin
 * (where an address provider is set up), and the pin drivers' distances are measured from.
 */
function VenueFields({
  fields,
  countries,
  geocoder,
  formId,
}: {
  fields: EventFields;
  countries: Option[];
  geocoder: GeocoderCapabilities;
  formId: string;
}) {
  const position = usePosition(
    typeof fields.latitude.initialValue === 'string' ? fields.latitude.initialValue : '',
    typeof fields.longitude.initialValue === 'string' ? fields.longitude.initialValue : '',
  );
  const formOf = () => document.getElementById(formId) as HTMLFormElement | null;
  const placed = position.latitude !== '' && position.longitude !== '';
  return (
    <Section title="Where">
      <InputField
        field={fields.venueName}
        label="Venue name"
        className="sm:col-span-2"
        placeholder="e.g. LaVell Edwards Stadium"
      />
      {geocoder.search ? (
        <div className="sm:col-span-2">
          <AddressSearch
            capabilities={geocoder}
            near={placed ? [Number(position.latitude), Number(position.longitude)] : COUNTRY_VIEW}
            label="Find the venue’s address"
            onPick={(place) => {
              fillAddress(formOf(), place, VENUE_ADDRESS_FIELDS);
              position.set(place.latitude, place.longitude);
            }}
          />
        </div>
      ) : null}
      <InputField
        field={fields.street}
        label="Street address"
        className="sm:col-span-2"
        autoComplete="address-line1"
      />
      <InputField field={fields.city} label="City" autoComplete="address-level2" />
      <InputField field={fields.region} label="State or region" autoComplete="address-level1" />
      <InputField field={fields.postalCode} label="Postal code" autoComplete="postal-code" />
      <SelectField
        label="Country"
        errors={fields.country.errors}
        selectProps={getSelectProps(fields.country)}
        groups={[{ options: countries }]}
      />
      <div className="sm:col-span-2">
        <LocationPicker
          position={position}
          fallbackCenter={COUNTRY_VIEW}
          fallbackZoom={placed ? 15 : 4}
          errors={{ latitude: fields.latitude.errors, longitude: fields.longitude.errors }}
          idPrefix="venue"
          subject="Venue"
          legend="Position of the venue"
          hint="Drag the pin onto the venue’s entrance, or click the map. Drivers see parking by its distance from this point."
          reverse={geocoder.reverse}
          onUseAddress={(place) => fillAddress(formOf(), place, VENUE_ADDRESS_FIELDS)}
        />
      </div>
    </Section>
  );
}
