import type { ApiCaller } from '@parkside/api';
import { Link } from '@remix-run/react';
import { EmptyNote } from '~/components/ui/empty-state';

type Endpoint = Awaited<ReturnType<ApiCaller['webhook']['list']>>[number];

/** Every endpoint, with the events it wants and how its deliveries stand. */
export function WebhookList({ endpoints }: { endpoints: Endpoint[] }) {
  if (endpoints.length === 0)
    return (
      <EmptyNote>
        No endpoints yet. Add one above, and Parkside POSTs each event it wants as it happens.
      </EmptyNote>
    );
  return (
    <ul className="divide-y divide-slate-100">
      {endpoints.map((endpoint) => (
        <li key={endpoint.id} className="flex flex-col gap-1 py-3">
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={`/admin/webhooks/${endpoint.id}`}
              className="text-brand-800 font-semibold break-all underline-offset-2 hover:underline"
            >
              {endpoint.url}
            </Link>
            {endpoint.paused ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                Paused
              </span>
            ) : null}
          </div>
          {endpoint.description ? (
            <p className="text-sm text-slate-700">{endpoint.description}</p>
          ) : null}
          <p className="font-mono text-xs break-words text-slate-600">
            {endpoint.events.join(' · ')}
          </p>
          <p className="text-sm text-slate-600">
            {endpoint.delivered} delivered · {endpoint.pending} pending · {endpoint.failed} failed
          </p>
        </li>
      ))}
    </ul>
  );
}
