import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { adminAction, requireAdmin } from '~/.server/auth';
import { requireApi } from '~/.server/api-errors';
import { endpointAction } from '~/.server/webhooks';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { WebhookDeliveries } from '~/components/admin/webhook-deliveries';
import { SubmitButton } from '~/components/forms/submit-button';
import { PageBody } from '~/components/layout/page-body';
import { Section } from '~/components/ui/section';

export const meta: MetaFunction = () => [{ title: 'Webhook endpoint · Admin · Parkside' }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return requireApi(() => context.api.webhook.byId({ id: params.endpointId ?? '' }));
}

export const action = (args: Parameters<ReturnType<typeof adminAction>>[0]) =>
  adminAction((api, form) => endpointAction(api, form, args.params.endpointId ?? ''))(args);

export default function AdminWebhookEndpoint() {
  const endpoint = useLoaderData<typeof loader>();
  return (
    <PageBody width="5xl">
      <AdminPageHeader title="Webhook endpoint">
        <span className="break-all">{endpoint.url}</span>
        {endpoint.description ? ` · ${endpoint.description}` : ''}
      </AdminPageHeader>
      <div className="mt-8 flex flex-col gap-6">
        <Section title="Endpoint">
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-slate-700">Events</dt>
            <dd className="font-mono break-words">{endpoint.events.join(' · ')}</dd>
            <dt className="font-semibold text-slate-700">State</dt>
            <dd>
              {endpoint.paused
                ? 'Paused: no new events are sent (deliveries already queued still go).'
                : 'Active.'}
            </dd>
          </dl>
          <div className="mt-4 flex flex-wrap items-start gap-3">
            <Form method="post">
              <SubmitButton
                name="intent"
                value={endpoint.paused ? 'resume' : 'pause'}
                variant="secondary"
                pendingText={endpoint.paused ? 'Resuming…' : 'Pausing…'}
              >
                {endpoint.paused ? 'Resume' : 'Pause'}
              </SubmitButton>
            </Form>
            <details className="rounded-lg ring-1 ring-slate-200">
              <summary className="cursor-pointer px-4 py-2.5 text-sm font-semibold text-red-800">
                Delete endpoint…
              </summary>
              <Form method="post" className="flex flex-col gap-2 p-4 pt-1">
                <p className="text-sm text-slate-700">
                  Its deliveries and their log go too. This cannot be undone.
                </p>
                <SubmitButton name="intent" value="delete" variant="danger" pendingText="Deleting…">
                  Delete for good
                </SubmitButton>
              </Form>
            </details>
          </div>
        </Section>
        <Section
          title={`Deliveries (${endpoint.totalDeliveries})`}
          description="The latest 50, newest first, each with every attempt: status, time (UTC) and the first bytes of the answer. Failed attempts are tried again with growing waits for a day."
        >
          <WebhookDeliveries deliveries={endpoint.deliveries} />
        </Section>
        <p>
          <Link to="/admin/webhooks" className="text-brand-800 text-sm underline">
            All endpoints
          </Link>
        </p>
      </div>
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
