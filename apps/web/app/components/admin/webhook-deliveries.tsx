import type { ApiCaller } from '@parkside/api';
import { EmptyNote } from '~/components/ui/empty-state';
import { utcSecond } from '~/utils/utc-time';
import { IntentForm } from '~/components/forms/intent-form';

type Endpoint = Awaited<ReturnType<ApiCaller['webhook']['byId']>>;
type Delivery = Endpoint['deliveries'][number];

const at = (iso: string) => utcSecond.format(new Date(iso));

const STATUS = {
  delivered: { label: 'Delivered', className: 'bg-emerald-100 text-emerald-900' },
  pending: { label: 'Trying', className: 'bg-amber-100 text-amber-900' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-900' },
} as const;

function Attempts({ attempts }: { attempts: Delivery['attempts'] }) {
  if (attempts.length === 0) return <p className="text-sm text-slate-600">Not tried yet.</p>;
  return (
    <ol className="flex flex-col gap-2" aria-label="Attempts, newest first">
      {attempts.map((attempt) => (
        <li key={attempt.id} className="rounded-lg bg-slate-50 p-2 text-sm ring-1 ring-slate-200">
          <p className="text-slate-700">
            <span className="font-semibold">
              {attempt.statusCode === null ? 'No answer' : `HTTP ${attempt.statusCode}`}
            </span>{' '}
            · {at(attempt.attemptedAt)} · {attempt.durationMs} ms
          </p>
          {attempt.answer ? (
            <pre className="mt-1 font-mono text-xs break-all whitespace-pre-wrap text-slate-700">
              {attempt.answer}
            </pre>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** An endpoint's latest deliveries, each with every attempt and "Send again". */
export function WebhookDeliveries({ deliveries }: { deliveries: Delivery[] }) {
  if (deliveries.length === 0)
    return (
      <EmptyNote>No deliveries yet: they appear here when an event it wants happens.</EmptyNote>
    );
  return (
    <ul className="divide-y divide-slate-100">
      {deliveries.map((delivery) => {
        const status = STATUS[delivery.status];
        return (
          <li
            key={delivery.id}
            aria-label={`${delivery.eventType} delivery, ${status.label.toLowerCase()}`}
            className="flex flex-col gap-2 py-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-sm font-semibold">{delivery.eventType}</span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.className}`}
                  >
                    {status.label}
                  </span>
                </p>
                <p className="text-xs break-words text-slate-600">
                  About <span className="font-mono break-all">{delivery.subjectId}</span> · event{' '}
                  <span className="font-mono break-all">{delivery.eventId}</span> ·{' '}
                  {at(delivery.createdAt)}
                </p>
              </div>
              <IntentForm
                intent="send-again"
                fields={{ deliveryId: delivery.id }}
                variant="secondary"
                pendingText="Sending…"
                aria-label={`Send the ${delivery.eventType} event again`}
              >
                Send again
              </IntentForm>
            </div>
            <Attempts attempts={delivery.attempts} />
          </li>
        );
      })}
    </ul>
  );
}
