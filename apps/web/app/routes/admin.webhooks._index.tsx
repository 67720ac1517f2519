import type { MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { adminAction, adminLoader } from '~/.server/auth';
import { createEndpointAction } from '~/.server/webhooks';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { CreatedEndpoint, WebhookForm } from '~/components/admin/webhook-form';
import { WebhookList } from '~/components/admin/webhook-list';
import { PageBody } from '~/components/layout/page-body';
import { Section } from '~/components/ui/section';

export const meta: MetaFunction = () => [{ title: 'Webhooks · Admin · Parkside' }];

export const loader = adminLoader(async (api) => ({ endpoints: await api.webhook.list() }));

export const action = adminAction(async (api, form) => {
  const result = await createEndpointAction(api, form);
  return data(result, result.error ? 400 : 200);
});

export default function AdminWebhooks() {
  const { endpoints } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() ?? null;
  return (
    <PageBody width="5xl">
      <AdminPageHeader title="Webhooks">
        Outside systems hear of bookings, check-ins, parking reports and listing reviews as they
        happen. Each event is signed with the endpoint’s secret; see{' '}
        <a href="/api/docs" className="text-brand-800 underline">
          the API reference
        </a>{' '}
        and README’s “Webhooks” for how to check it.
      </AdminPageHeader>
      <div className="mt-8 flex flex-col gap-6">
        {state?.created ? <CreatedEndpoint endpoint={state.created} /> : null}
        <Section title="Add an endpoint" size="roomy">
          <WebhookForm state={state} />
        </Section>
        <Section title={`Endpoints (${endpoints.length})`}>
          <WebhookList endpoints={endpoints} />
        </Section>
      </div>
    </PageBody>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/errors/error-screens';
