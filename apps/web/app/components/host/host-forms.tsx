import { toZonedInput, type MoneyTerms } from '@parkside/validators';
import { Form } from '@remix-run/react';
import { useState } from 'react';
import { Field, FormError, TextareaField } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { formatEventDate } from '~/utils/event-time';
import { AmenityCheckboxes } from './amenity-checkboxes';
import type { PickableEvent } from './event-window';
import { formState, type HostFormFailure } from './form-state';
import { PlateRequiredField, PriceField, SpacesField, WindowFields } from './listing-term-fields';
import type { HostDriveway, HostListing } from './types';
import { FormRow } from '~/components/ui/form-row';

const dollars = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);

/** A disclosure holding one form; it opens by itself when that form was refused. */
export function Disclosure({
  summary,
  open,
  children,
  id,
}: {
  summary: string;
  open: boolean;
  children: React.ReactNode;
  /** Where a link can take the reader (e.g. "Fix and send again" from the driveway's row). */
  id?: string;
}) {
  return (
    <details
      id={id}
      open={open || undefined}
      className="group scroll-mt-24 rounded-xl ring-1 ring-slate-200"
    >
      <summary className="text-brand-800 cursor-pointer list-none rounded-xl px-4 py-2.5 text-sm font-semibold hover:bg-slate-50">
        <span
          aria-hidden="true"
          className="mr-1 inline-block transition-transform group-open:rotate-90"
        >
          ›
        </span>
        {summary}
      </summary>
      <div className="border-t border-slate-200 p-3 sm:p-4">{children}</div>
    </details>
  );
}

/** What the forms of one listing get: the listing, its driveway's capacity, the fee. */
export interface ListingFormProps {
  listing: HostListing;
  capacity: number;
  terms: MoneyTerms;
  /** The driveway's position: nearby prices for the listing's event are read around it. */
  near: { latitude: number; longitude: number };
  failure?: HostFormFailure;
}

/** What the forms of one driveway get: the driveway, the events it may be listed for. */
export interface DrivewayFormProps {
  driveway: HostDriveway;
  events: PickableEvent[];
  terms: MoneyTerms;
  failure?: HostFormFailure;
}

/** A listing's price, spaces and window, as one of its forms shows them (`state` keeps what was typed). */
export function ListingTermInputs({
  listing,
  capacity,
  terms,
  near,
  state,
  prefix,
}: Omit<ListingFormProps, 'failure'> & { state: ReturnType<typeof formState>; prefix: string }) {
  return (
    <>
      <PriceField
        idPrefix={prefix}
        terms={terms}
        helpFor={{ eventId: listing.event.id, ...near, excludeListingId: listing.id }}
        defaultValue={state.value('price', dollars(listing.priceCents))}
        errors={state.errors('price')}
      />
      <p className="-mt-2 text-sm text-slate-600">
        A new price applies to new bookings; existing bookings keep theirs.
      </p>
      <SpacesField
        idPrefix={prefix}
        max={capacity}
        hint={`${listing.booked} booked; this driveway holds ${capacity}.`}
        defaultValue={state.value('spacesOffered', listing.spacesOffered)}
        errors={state.errors('spacesOffered')}
      />
      <WindowFields
        idPrefix={prefix}
        required
        from={state.value(
          'availableFrom',
          toZonedInput(listing.availableFrom, listing.event.timeZone),
        )}
        to={state.value('availableTo', toZonedInput(listing.availableTo, listing.event.timeZone))}
        timeZone={listing.event.timeZone}
        startsAt={listing.event.startsAt}
        errors={{
          availableFrom: state.errors('availableFrom'),
          availableTo: state.errors('availableTo'),
        }}
      />
    </>
  );
}

/**
 * A form of a listing's price, spaces and window, posted with `intent`; `above` is what the host
 * reads first (the reason a listing was not approved).
 */
export function ListingTermsForm({
  intent,
  submit,
  pendingText,
  above,
  ...inputs
}: Omit<ListingFormProps, 'failure'> & {
  state: ReturnType<typeof formState>;
  intent: string;
  submit: string;
  pendingText: string;
  above?: React.ReactNode;
}) {
  return (
    <Form method="post" className="flex flex-col gap-4">
      {above}
      <FormError errors={inputs.state.formErrors} />
      <input type="hidden" name="listingId" value={inputs.listing.id} />
      <ListingTermInputs {...inputs} prefix={`${intent}-${inputs.listing.id}`} />
      <SubmitButton name="intent" value={intent} pendingText={pendingText} className="self-start">
        {submit}
      </SubmitButton>
    </Form>
  );
}

export function EditListingForm({ listing, capacity, terms, near, failure }: ListingFormProps) {
  const state = formState(failure, 'update-listing', listing.id);
  return (
    <Disclosure summary="Edit listing" open={state.failed}>
      <ListingTermsForm
        {...{ listing, capacity, terms, near, state }}
        intent="update-listing"
        submit="Save listing"
        pendingText="Saving…"
      />
    </Disclosure>
  );
}

/** A driveway's free-text fields: name, label, and the end of its input's id. */
const DRIVEWAY_TEXTS = [
  ['description', 'Description', 'description'],
  ['accessInstructions', 'Access instructions', 'access'],
] as const;

export function EditDrivewayForm({
  driveway,
  failure,
}: {
  driveway: HostDriveway;
  failure?: HostFormFailure;
}) {
  const state = formState(failure, 'update-driveway', driveway.id);
  const prefix = `driveway-${driveway.id}`;
  return (
    <Disclosure summary="Edit driveway" open={state.failed}>
      <Form method="post" className="flex flex-col gap-4">
        <FormError errors={state.formErrors} />
        <input type="hidden" name="drivewayId" value={driveway.id} />
        <Field
          label="Title"
          errors={state.errors('title')}
          inputProps={{
            id: `${prefix}-title`,
            name: 'title',
            required: true,
            maxLength: 80,
            defaultValue: state.value('title', driveway.title),
          }}
        />
        <Field
          label="Capacity (cars)"
          hint="Never fewer than an open listing offers."
          errors={state.errors('capacity')}
          inputProps={{
            id: `${prefix}-capacity`,
            name: 'capacity',
            type: 'number',
            min: 1,
            max: 50,
            required: true,
            defaultValue: state.value('capacity', driveway.capacity),
          }}
        />
        <AmenityCheckboxes
          idPrefix={prefix}
          selected={state.values('amenities', driveway.amenities)}
        />
        {DRIVEWAY_TEXTS.map(([name, label, idPart]) => (
          <TextareaField
            key={name}
            label={label}
            errors={state.errors(name)}
            textareaProps={{
              id: `${prefix}-${idPart}`,
              name,
              maxLength: 1000,
              defaultValue: state.value(name, driveway[name]),
            }}
          />
        ))}
        <SubmitButton
          name="intent"
          value="update-driveway"
          pendingText="Saving…"
          className="self-start"
        >
          Save driveway
        </SubmitButton>
      </Form>
    </Disclosure>
  );
}

/** Offers a driveway for an upcoming event it is not listed for yet. */
export function AddListingForm({ driveway, events, terms, failure }: DrivewayFormProps) {
  const state = formState(failure, 'add-listing', driveway.id);
  const listed = new Set(driveway.listings.map((l) => l.event.id));
  const choices = events.filter((e) => !listed.has(e.id));
  // The event picked in the form (the price help follows it); the first choice until then.
  const [picked, setPicked] = useState<string | null>(null);
  if (choices.length === 0) return null;
  const prefix = `add-${driveway.id}`;
  const initial = choices.find((e) => e.id === state.value('eventId', '')) ?? choices[0]!;
  const eventId = picked && choices.some((e) => e.id === picked) ? picked : initial.id;
  return (
    <Disclosure summary="List for another event" open={state.failed}>
      <Form method="post" className="flex flex-col gap-4">
        <FormError errors={state.formErrors} />
        <input type="hidden" name="drivewayId" value={driveway.id} />
        <FormRow htmlFor={`${prefix}-event`} label="Event">
          <select
            id={`${prefix}-event`}
            name="eventId"
            value={eventId}
            onChange={(event) => setPicked(event.target.value)}
            className="focus:border-brand-600 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
          >
            {choices.map((event) => (
              <option key={event.id} value={event.id}>
                {event.title} · {formatEventDate(event.startsAt, event.timeZone)}
              </option>
            ))}
          </select>
          <p className="text-sm text-slate-600">
            Drivers may park from one hour before the event starts until one hour after it ends; you
            can change the window afterwards.
          </p>
        </FormRow>
        <PriceField
          idPrefix={prefix}
          terms={terms}
          helpFor={{ eventId, latitude: driveway.latitude, longitude: driveway.longitude }}
          defaultValue={state.value('price', '20')}
          errors={state.errors('price')}
        />
        <SpacesField
          idPrefix={prefix}
          max={driveway.capacity}
          hint={`This driveway holds ${driveway.capacity}.`}
          defaultValue={state.value('spacesOffered', driveway.capacity)}
          errors={state.errors('spacesOffered')}
        />
        <PlateRequiredField
          idPrefix={prefix}
          defaultChecked={state.failed ? state.value('licensePlateRequired', '') === 'on' : true}
        />
        <SubmitButton
          name="intent"
          value="add-listing"
          pendingText="Listing…"
          className="self-start"
        >
          List for this event
        </SubmitButton>
      </Form>
    </Disclosure>
  );
}

export function CancelBookingForm({
  bookingId,
  driverName,
  failure,
}: {
  bookingId: string;
  driverName: string;
  failure?: HostFormFailure;
}) {
  const state = formState(failure, 'cancel-booking', bookingId);
  return (
    <Disclosure summary="Cancel booking" open={state.failed}>
      <Form method="post" className="flex flex-col gap-3">
        <FormError errors={state.formErrors} />
        <input type="hidden" name="bookingId" value={bookingId} />
        <TextareaField
          label={`Reason (we e-mail it to ${driverName})`}
          errors={state.errors('reason')}
          textareaProps={{
            id: `cancel-${bookingId}-reason`,
            name: 'reason',
            required: true,
            minLength: 3,
            maxLength: 500,
            defaultValue: state.value('reason', ''),
          }}
        />
        <p className="text-sm text-slate-600">
          A card payment goes back to the driver in full; a booking paid on arrival costs them
          nothing.
        </p>
        <SubmitButton
          variant="danger"
          name="intent"
          value={`cancel-booking`}
          pendingText="Cancelling…"
          className="self-start"
        >
          Cancel this booking
        </SubmitButton>
      </Form>
    </Disclosure>
  );
}
