import type { ApiCaller } from '@parkside/api';
import { createFromForm, type CreatedOrRefused } from './api-errors';
import { redirectAfter } from './toast';

/** What the endpoint form sent, as `webhook.create` takes it (the API validates it). */
function endpointRequest(form: FormData) {
  return {
    url: String(form.get('url') ?? ''),
    description: String(form.get('description') ?? ''),
    events: form.getAll('events').map(String) as never,
  };
}

export type EndpointFormResult = CreatedOrRefused<
  Awaited<ReturnType<ApiCaller['webhook']['create']>>,
  ReturnType<typeof endpointRequest>
>;

/** /admin/webhooks: add an endpoint (its secret comes back to show once). */
export function createEndpointAction(api: ApiCaller, form: FormData): Promise<EndpointFormResult> {
  return createFromForm(endpointRequest(form), (request) => api.webhook.create(request));
}

/** An endpoint's page: pause, resume, delete it, or send one delivery again. */
export function endpointAction(api: ApiCaller, form: FormData, id: string) {
  const page = `/admin/webhooks/${id}`;
  const intent = form.get('intent');
  return redirectAfter(page, async () => {
    if (intent === 'send-again') {
      const delivery = await api.webhook.sendAgain({ deliveryId: String(form.get('deliveryId')) });
      return { type: 'success', title: `The ${delivery.type} event is on its way again.` };
    }
    if (intent === 'delete') {
      const endpoint = await api.webhook.remove({ id });
      return {
        type: 'success',
        title: `${endpoint.url} will get no more events.`,
        to: '/admin/webhooks',
      };
    }
    const endpoint = await api.webhook.setPaused({ id, paused: intent === 'pause' });
    return {
      type: 'success',
      title: endpoint.paused
        ? 'Paused: no new events are sent to this endpoint.'
        : 'Resumed: new events are sent again.',
    };
  });
}
