import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { registerDrivewayFormInput, type MoneyTerms } from '@parkside/validators';
import { Form } from '@remix-run/react';
import { Field, FormError, TextareaField, AlertText } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { useZodForm } from '~/components/forms/use-zod-form';
import { NewDrivewayPhotos } from '~/components/driveways/driveway-photos';
import { formatEventDate } from '~/utils/event-time';
import { AmenityCheckboxes } from './amenity-checkboxes';
import { DrivewayAddress, type DrivewayFormFields, type DrivewayInput } from './driveway-address';
import { AlsoListFor } from './also-list-for';
import { usePosition } from '~/components/map/location-picker';
import type { GeocoderCapabilities } from '~/components/map/address-search';
import { defaultWindow, type PickableEvent } from './event-window';
import { PlateRequiredField, PriceField, SpacesField, WindowFields } from './listing-term-fields';
import { FormRow } from '~/components/ui/form-row';
import { useFirstEvent, type EventOption } from './first-event';

const selectClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base shadow-xs focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function Section({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div>
        <h2 className="text-xl font-bold">{title}</h2>
        {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** The driveway and its first event listing, in one form. */
export function RegisterDrivewayForm({
  userId,
  events,
  preselectedEventId,
  terms,
  geocoder,
  lastResult,
}: {
  /** The host: photos are uploaded to their own folder until the driveway exists. */
  userId: string;
  events: PickableEvent[];
  preselectedEventId: string | null;
  terms: MoneyTerms;
  geocoder: GeocoderCapabilities;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const firstEvent = events.find((e) => e.id === preselectedEventId) ?? events[0]!;
  const [form, fields] = useZodForm(registerDrivewayFormInput, {
    id: 'register-driveway',
    lastResult,
    defaultValue: {
      eventId: firstEvent.id,
      capacity: '2',
      spacesOffered: '2',
      price: '20',
      licensePlateRequired: 'on',
      availableFrom: defaultWindow(firstEvent).from,
      availableTo: defaultWindow(firstEvent).to,
    },
  });
  /** A required driveway input, named as the form posts it, starting from its last value. */
  const drivewayInput: DrivewayInput = (name, attributes = {}) => ({
    name,
    id: `driveway-${name}`,
    defaultValue: text(fields[name].initialValue),
    required: true,
    ...attributes,
  });
  const amenities = fields.amenities.initialValue;
  const photos = fields.photos.initialValue;
  const position = usePosition(
    text(fields.latitude.initialValue),
    text(fields.longitude.initialValue),
  );
  const first = useFirstEvent({
    events,
    initialId: text(fields.eventId.initialValue) || firstEvent.id,
    chosenAlready: Boolean(preselectedEventId) || Boolean(lastResult),
    position,
    initialWindow: {
      from: text(fields.availableFrom.initialValue),
      to: text(fields.availableTo.initialValue),
    },
  });
  const { event } = first;
  // What was ticked and priced before a refusal comes back as `also[i]`.
  const typedAlso = (Array.isArray(fields.also.initialValue) ? fields.also.initialValue : []) as {
    eventId?: string;
    price?: string;
  }[];

  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 flex flex-col gap-6">
      <FormError id={form.errorId} errors={form.errors} />
      <Section title="Your driveway">
        <Field
          label="Title"
          hint="What drivers see first, e.g. “Wide driveway, 5 minutes from the stadium”."
          errors={fields.title.errors}
          inputProps={drivewayInput('title', { maxLength: 80 })}
        />
        <DrivewayAddress
          drivewayInput={drivewayInput}
          fields={fields}
          venue={[event.latitude, event.longitude]}
          geocoder={geocoder}
          position={position}
        />
        <Field
          label="Capacity (cars)"
          hint="How many cars fit, 1 to 50."
          errors={fields.capacity.errors}
          inputProps={drivewayInput('capacity', {
            type: 'number',
            min: 1,
            max: 50,
            inputMode: 'numeric',
          })}
        />
        <AmenityCheckboxes
          idPrefix="driveway"
          selected={Array.isArray(amenities) ? amenities.map(text) : [text(amenities)]}
        />
        <DrivewayNotes fields={fields} />
      </Section>

      <PhotosSection userId={userId} photos={photos} errors={fields.photos.errors} />

      <FirstEventSection
        events={first.options}
        event={event}
        onEventChange={first.choose}
        window={first.window}
        onWindowChange={first.setWindow}
        terms={terms}
        fields={fields}
      />

      <Section
        title="More events (optional)"
        hint="List this driveway for other events nearby in the same step: the same spaces and plate rule, each parking window from an hour before its event to an hour after. All are saved together, or none."
      >
        <AlsoListFor
          position={position}
          firstEventId={event.id}
          typedIds={typedAlso.flatMap((a) => (a.eventId ? [a.eventId] : []))}
          typedPrices={Object.fromEntries(
            typedAlso.flatMap((a) => (a.eventId && a.price ? [[a.eventId, a.price]] : [])),
          )}
          errors={fields.also.errors}
        />
      </Section>

      <SubmitButton pendingText="Listing your driveway…" className="w-full sm:w-auto sm:self-end">
        List my driveway
      </SubmitButton>
    </Form>
  );
}

/** The first event listing of the new driveway: the event, price, spaces, window and plates. */
function FirstEventSection({
  events,
  event,
  onEventChange,
  window,
  onWindowChange,
  terms,
  fields,
}: {
  events: EventOption[];
  event: EventOption;
  onEventChange: (event: PickableEvent) => void;
  window: { from: string; to: string };
  onWindowChange: (window: { from: string; to: string }) => void;
  terms: MoneyTerms;
  fields: DrivewayFormFields;
}) {
  return (
    <Section title="First event">
      <FormRow htmlFor="listing-event" label="Event">
        <select
          id="listing-event"
          name="eventId"
          value={event.id}
          onChange={(e) => {
            const next = events.find((candidate) => candidate.id === e.target.value);
            if (next) onEventChange(next);
          }}
          className={selectClass}
        >
          {events.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title} · {formatEventDate(option.startsAt, option.timeZone)}
              {option.miles === null ? '' : ` · ${option.miles.toFixed(1)} mi`}
            </option>
          ))}
        </select>
        <p className="text-sm text-slate-600">
          at {event.venueName}
          {event.miles === null ? '' : `, ${event.miles.toFixed(1)} mi from your driveway`}
        </p>
      </FormRow>
      <PriceField
        idPrefix="listing"
        terms={terms}
        helpFor={{ eventId: event.id }}
        defaultValue={text(fields.price.initialValue)}
        errors={fields.price.errors}
      />
      <SpacesField
        idPrefix="listing"
        hint="At most the driveway's capacity."
        defaultValue={text(fields.spacesOffered.initialValue)}
        errors={fields.spacesOffered.errors}
      />
      <WindowFields
        idPrefix="listing"
        from={window.from}
        to={window.to}
        onChange={onWindowChange}
        timeZone={event.timeZone}
        startsAt={event.startsAt}
        errors={{
          availableFrom: fields.availableFrom.errors,
          availableTo: fields.availableTo.errors,
        }}
      />
      <PlateRequiredField
        idPrefix="listing"
        defaultChecked={fields.licensePlateRequired.initialValue === 'on'}
      />
    </Section>
  );
}

/** Photos of the new driveway, uploaded to the host's folder until the driveway exists. */
function PhotosSection({
  userId,
  photos,
  errors,
}: {
  userId: string;
  photos: unknown;
  errors: string[] | undefined;
}) {
  return (
    <Section
      title="Photos"
      hint="Optional. Drivers book sooner when they can see where they will park."
    >
      <NewDrivewayPhotos
        userId={userId}
        initial={Array.isArray(photos) ? photos.map(text) : photos ? [text(photos)] : []}
      />
      <AlertText>{errors?.join(' ')}</AlertText>
    </Section>
  );
}

/** The driveway's description and the access instructions drivers get once they book. */
function DrivewayNotes({ fields }: { fields: DrivewayFormFields }) {
  return (
    <>
      {(
        [
          ['description', 'driveway-description', 'Description (optional)', undefined],
          [
            'accessInstructions',
            'driveway-access',
            'Access instructions (optional)',
            'Shown to drivers once they book, e.g. “Park nose-in on the left side.”',
          ],
        ] as const
      ).map(([name, id, label, placeholder]) => (
        <TextareaField
          key={name}
          label={label}
          errors={fields[name].errors}
          textareaProps={{
            name,
            id,
            maxLength: 1000,
            placeholder,
            defaultValue: text(fields[name].initialValue),
          }}
        />
      ))}
    </>
  );
}
