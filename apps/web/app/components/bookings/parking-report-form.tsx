import { Form, useNavigation } from '@remix-run/react';
import { formatUsd, PARKING_PROBLEMS, PARKING_REPORT_NOTE_MAX } from '@parkside/validators';
import { EmptyState } from '~/components/ui/empty-state';
import { ImageUpload } from '~/components/uploads/image-upload';
import { ButtonLink } from '~/components/ui/button-link';

/** What the report page knows before the driver chooses (`parkingReport.options`). */
export interface ReportOptions {
  bookingId: string;
  priceCents: number;
  paidByCard: boolean;
  closedReason: string | null;
  /** Before the parking window: when it opens. */
  opensAt: string | null;
  alternative: { title: string; street: string; city: string; miles: number } | null;
}

const choiceClass =
  'flex w-full flex-col items-start gap-1 rounded-2xl px-5 py-4 text-left ring-2 transition-colors disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * "I can't park here": what is wrong (one tap), an optional note and photo, then one of two
 * outcomes carried out at once: the nearest open driveway at no extra cost, or a full refund.
 */
export function ParkingReportForm({
  options,
  userId,
  error,
}: {
  options: ReportOptions;
  userId: string;
  error: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const pass = `/bookings/${options.bookingId}/pass`;
  if (options.closedReason) {
    return (
      <EmptyState
        className="mt-6"
        title={
          options.opensAt
            ? 'Help opens with your parking window'
            : 'This booking cannot be reported now'
        }
        action={
          <ButtonLink to={pass} variant="secondary">
            Back to the pass
          </ButtonLink>
        }
      >
        {options.closedReason}
      </EmptyState>
    );
  }
  const alternative = options.alternative;
  const refundText = options.paidByCard
    ? `${formatUsd(options.priceCents)} back to your card, even inside 24 hours.`
    : 'Nothing was charged, so you simply do not pay the host.';
  return (
    <Form method="post" className="mt-6 flex flex-col gap-6" aria-busy={busy}>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-ink mb-2 text-lg font-bold">What is wrong?</legend>
        {Object.entries(PARKING_PROBLEMS).map(([value, label]) => (
          <label
            key={value}
            className="has-[:checked]:ring-brand-700 has-[:checked]:bg-brand-50 flex min-h-12 cursor-pointer items-center gap-3 rounded-xl bg-white px-4 py-3 ring-1 ring-slate-300"
          >
            <input type="radio" name="problem" value={value} required className="h-5 w-5" />
            <span className="text-ink font-semibold">{label}</span>
          </label>
        ))}
      </fieldset>

      <div className="flex flex-col gap-1">
        <label htmlFor="report-note" className="text-ink font-semibold">
          Anything the host should know? <span className="font-normal">(optional)</span>
        </label>
        <textarea
          id="report-note"
          name="note"
          rows={3}
          maxLength={PARKING_REPORT_NOTE_MAX}
          className="rounded-xl border border-slate-300 px-3 py-2"
          placeholder="For example: a car is parked in the space."
        />
      </div>

      <ImageUpload
        folder={`users/${userId}`}
        name="photoUrl"
        label={
          <>
            A photo of the spot <span className="font-normal">(optional)</span>
          </>
        }
        hint="It goes with your report to the host and to Parkside. JPEG, PNG or WebP, up to 5 MB."
        previewAlt="The spot, as you found it"
      />

      {error ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
          {error}
        </p>
      ) : null}

      <fieldset className="flex flex-col gap-3">
        <legend className="text-ink mb-2 text-lg font-bold">What would you like?</legend>
        {alternative ? (
          <button
            type="submit"
            name="choice"
            value="rebook"
            disabled={busy}
            className={`${choiceClass} bg-brand-700 ring-brand-700 hover:bg-brand-800 text-white`}
          >
            <span className="text-lg font-bold">Park at {alternative.title} instead</span>
            <span>
              {alternative.miles} mi away · {alternative.street}, {alternative.city} · no extra cost
            </span>
          </button>
        ) : (
          <p className="rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
            No other driveway for this event has a space left, so we can only refund you.
          </p>
        )}
        <button
          type="submit"
          name="choice"
          value="refund"
          disabled={busy}
          className={`${choiceClass} text-ink bg-white ring-slate-300 hover:bg-slate-50`}
        >
          <span className="text-lg font-bold">Cancel and refund me in full</span>
          <span className="text-slate-700">{refundText}</span>
        </button>
        <p aria-live="polite" className="text-sm text-slate-600">
          {busy ? 'Working on it…' : 'Either happens at once. The host is told what you found.'}
        </p>
      </fieldset>
    </Form>
  );
}
