import { priceHint, type MoneyTerms } from '@parkside/validators';
import { useState } from 'react';
import { ErrorList, Field, inputClass, type FieldErrors } from '~/components/forms/field';
import { PriceHelp, type PriceHelpFor } from './price-help';
import { FormRow } from '~/components/ui/form-row';

type Errors = Record<string, FieldErrors>;

/** "12.50" -> 1250; null while the typed text is not a price yet. */
function centsOf(typed: string): number | null {
  const value = typed.trim().replace(/^\$/, '');
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

/**
 * Price in dollars with what the host receives, updated as they type: after the platform fee
 * when drivers pay by card, all of it when they pay on arrival (decision 055).
 */
export function PriceField({
  defaultValue,
  terms,
  errors,
  idPrefix,
  helpFor,
}: {
  defaultValue: string;
  terms: MoneyTerms;
  errors?: FieldErrors;
  idPrefix: string;
  /** What nearby driveways ask for the event, shown beside the field. */
  helpFor?: PriceHelpFor;
}) {
  const [typed, setTyped] = useState(defaultValue);
  const cents = centsOf(typed);
  const hint = priceHint(terms, cents !== null && cents >= 100 ? cents : null);
  const id = `${idPrefix}-price`;
  return (
    <FormRow htmlFor={id} label="Price per space (USD)">
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 grid place-items-center text-slate-500"
        >
          $
        </span>
        <input
          id={id}
          name="price"
          inputMode="decimal"
          autoComplete="off"
          required
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className={`${inputClass} pl-7`}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={`${id}-payout${helpFor ? ` ${id}-help` : ''}${errors?.length ? ` ${id}-error` : ''}`}
        />
      </div>
      <p id={`${id}-payout`} aria-live="polite" className="text-sm text-slate-700">
        {hint.before}
        {hint.strong ? <strong className="font-bold">{hint.strong}</strong> : null}
        {hint.after}
      </p>
      {helpFor ? <PriceHelp id={`${id}-help`} for={helpFor} /> : null}
      <ErrorList id={`${id}-error`} errors={errors} />
    </FormRow>
  );
}

/** Short name of the zone at an instant: "MST", "PDT". */
export function zoneAbbreviation(iso: string, timeZone: string): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(iso))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** The parking window as wall-clock times in the event's own zone. */
export function WindowFields({
  from,
  to,
  onChange,
  timeZone,
  startsAt,
  errors,
  idPrefix,
  required = false,
}: {
  from: string;
  to: string;
  onChange?: (window: { from: string; to: string }) => void;
  timeZone: string;
  startsAt: string;
  errors: Errors;
  idPrefix: string;
  required?: boolean;
}) {
  const zone = `${zoneAbbreviation(startsAt, timeZone)}, ${timeZone.replace(/_/g, ' ')}`;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-semibold text-slate-800">Parking window</legend>
      <p id={`${idPrefix}-zone`} className="-mt-1 text-sm text-slate-600">
        In the event&apos;s time zone ({zone}). Drivers may park during this window.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {(['from', 'to'] as const).map((end) => {
          const value = end === 'from' ? from : to;
          return (
            <Field
              key={end}
              className="min-w-0"
              label={end === 'from' ? 'From' : 'To'}
              errors={end === 'from' ? errors.availableFrom : errors.availableTo}
              inputProps={{
                id: `${idPrefix}-${end}`,
                name: end === 'from' ? 'availableFrom' : 'availableTo',
                type: 'datetime-local',
                required,
                ...(onChange
                  ? { value, onChange: (e) => onChange({ from, to, [end]: e.target.value }) }
                  : { defaultValue: value }),
              }}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

export function SpacesField({
  defaultValue,
  max,
  errors,
  idPrefix,
  hint,
}: {
  defaultValue: string;
  max?: number;
  errors?: FieldErrors;
  idPrefix: string;
  hint?: string;
}) {
  return (
    <Field
      label="Spaces offered"
      hint={hint}
      errors={errors}
      inputProps={{
        id: `${idPrefix}-spaces`,
        name: 'spacesOffered',
        type: 'number',
        min: 1,
        max: max ?? 50,
        required: true,
        defaultValue,
        inputMode: 'numeric',
      }}
    />
  );
}

export function PlateRequiredField({
  defaultChecked,
  idPrefix,
}: {
  defaultChecked: boolean;
  idPrefix: string;
}) {
  return (
    <div className="flex items-start gap-3 text-sm text-slate-800">
      <input
        id={`${idPrefix}-plate`}
        type="checkbox"
        name="licensePlateRequired"
        value="on"
        defaultChecked={defaultChecked}
        aria-describedby={`${idPrefix}-plate-hint`}
        className="accent-brand-700 mt-0.5 h-5 w-5"
      />
      <div>
        <label htmlFor={`${idPrefix}-plate`} className="font-semibold">
          Drivers must give their license plate
        </label>
        <p id={`${idPrefix}-plate-hint`} className="text-slate-600">
          So you know which cars to expect.
        </p>
      </div>
    </div>
  );
}
