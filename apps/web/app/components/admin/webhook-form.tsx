import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@parkside/validators';
import { Form } from '@remix-run/react';
import { ErrorList } from '~/components/forms/field';
import { CodeChoices } from '~/components/forms/code-choices';
import { SubmitButton } from '~/components/forms/submit-button';
import { ShownOnce } from '~/components/ui/shown-once';
import { InputRow } from '~/components/forms/plain-rows';

export interface EndpointFormState {
  error: string | null;
  created: { id: string; url: string; secret: string } | null;
  request: { url: string; description: string; events: string[] } | null;
}

/** The signing secret of an endpoint just added, shown this once. */
export function CreatedEndpoint({ endpoint }: { endpoint: { url: string; secret: string } }) {
  return (
    <ShownOnce
      title="Endpoint added. Copy its signing secret now: it is shown only once."
      detail={endpoint.url}
      secret={endpoint.secret}
      testId="webhook-secret"
    />
  );
}

/** URL, description and the events an endpoint wants. */
export function WebhookForm({ state }: { state: EndpointFormState | null }) {
  const sent = state?.request;
  const chosen = new Set<string>(sent?.events ?? ['booking.confirmed', 'booking.cancelled']);
  const error = state?.error ?? null;
  return (
    <Form key={state?.created?.id ?? 'new'} method="post" className="flex flex-col gap-4">
      <InputRow
        id="webhook-url"
        label="Address"
        name="url"
        type="url"
        required
        inputMode="url"
        defaultValue={sent?.url ?? ''}
        placeholder="https://tools.example.com/parkside/events"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'webhook-error' : 'webhook-url-hint'}
        after={
          <p id="webhook-url-hint" className="text-sm text-slate-600">
            Each event is POSTed here as JSON, signed in the{' '}
            <code className="font-mono">Parkside-Signature</code> header.
          </p>
        }
      />
      <InputRow
        id="webhook-description"
        label="Description (optional)"
        name="description"
        maxLength={200}
        defaultValue={sent?.description ?? ''}
        placeholder="Ops bookings sheet"
      />
      <CodeChoices
        legend="Events"
        name="events"
        idPrefix="webhook-event"
        codes={WEBHOOK_EVENT_TYPES}
        labels={WEBHOOK_EVENT_LABELS}
        chosen={chosen}
      />
      <ErrorList id="webhook-error" errors={error ? [error] : null} />
      <div>
        <SubmitButton name="intent" value="create" pendingText="Adding…">
          Add endpoint
        </SubmitButton>
      </div>
    </Form>
  );
}
