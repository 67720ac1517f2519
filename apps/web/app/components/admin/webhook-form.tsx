import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@parkside/validators';
import { Form } from '@remix-run/react';
import { ErrorList, inputClass } from '~/components/forms/field';
import { SubmitButton } from '~/components/forms/submit-button';
import { FormRow } from '~/components/ui/form-row';

export interface EndpointFormState {
  error: string | null;
  created: { id: string; url: string; secret: string } | null;
  request: { url: string; description: string; events: string[] } | null;
}

/** The signing secret of an endpoint just added, shown this once. */
export function CreatedEndpoint({ endpoint }: { endpoint: { url: string; secret: string } }) {
  return (
    <div role="status" className="bg-brand-50 ring-brand-200 rounded-2xl p-5 ring-1">
      <p className="font-semibold">
        Endpoint added. Copy its signing secret now: it is shown only once.
      </p>
      <p className="mt-1 text-sm break-all text-slate-700">{endpoint.url}</p>
      <p
        data-testid="webhook-secret"
        className="mt-2 rounded-lg bg-white px-3 py-2 font-mono text-sm break-all ring-1 ring-slate-200"
      >
        {endpoint.secret}
      </p>
    </div>
  );
}

/** URL, description and the events an endpoint wants. */
export function WebhookForm({ state }: { state: EndpointFormState | null }) {
  const sent = state?.request;
  const chosen = new Set<string>(sent?.events ?? ['booking.confirmed', 'booking.cancelled']);
  const error = state?.error ?? null;
  return (
    <Form key={state?.created?.id ?? 'new'} method="post" className="flex flex-col gap-4">
      <FormRow htmlFor="webhook-url" label="Address">
        <input
          id="webhook-url"
          name="url"
          type="url"
          required
          inputMode="url"
          defaultValue={sent?.url ?? ''}
          placeholder="https://tools.example.com/parkside/events"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'webhook-error' : 'webhook-url-hint'}
          className={inputClass}
        />
        <p id="webhook-url-hint" className="text-sm text-slate-600">
          Each event is POSTed here as JSON, signed in the{' '}
          <code className="font-mono">Parkside-Signature</code> header.
        </p>
      </FormRow>
      <FormRow htmlFor="webhook-description" label="Description (optional)">
        <input
          id="webhook-description"
          name="description"
          maxLength={200}
          defaultValue={sent?.description ?? ''}
          placeholder="Ops bookings sheet"
          className={inputClass}
        />
      </FormRow>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-800">Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label
              key={type}
              htmlFor={`webhook-event-${type}`}
              className="flex flex-wrap items-center gap-x-2 rounded-lg p-2 ring-1 ring-slate-200 has-[:checked]:bg-slate-50"
            >
              <input
                id={`webhook-event-${type}`}
                type="checkbox"
                name="events"
                value={type}
                defaultChecked={chosen.has(type)}
                className="accent-brand-700 size-4"
              />
              <span className="font-mono text-sm font-semibold">{type}</span>
              <span className="basis-full pl-6 text-sm text-slate-600">
                {WEBHOOK_EVENT_LABELS[type]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorList id="webhook-error" errors={error ? [error] : null} />
      <div>
        <SubmitButton name="intent" value="create" pendingText="Adding…">
          Add endpoint
        </SubmitButton>
      </div>
    </Form>
  );
}
