import type { ApiCaller } from '@parkside/api';
import { tryApi } from './api-errors';
import { redirectAfter } from './toast';

/** What the endpoint form sent, as `webhook.create` takes it (the API validates it). */
function endpointRequest(form: FormData) {
  return {
    url: String(form.get('url') ?? ''),
    description: String(form.get('description') ?? ''),
    events: form.getAll('events').map(String) as never,
  };
}

type Created = Awaited<ReturnType<ApiCaller['webhook']['create']>>;
export type EndpointFormResult =
  | { error: null; created: Created; request: null }
  | { error: string; created: null; request: ReturnType<typeof endpointRequest> };

/** /admin/webhooks: add an endpoint (its secret comes back to show once). */
export async function createEndpointAction(
  api: ApiCaller,
  form: FormData,
): Promise<EndpointFormResult> {
  const request = endpointRequest(form);
  const result = await tryApi(() => api.webhook.create(request));
  return result.ok
    ? { error: null, created: result.value, request: null }
    : { error: result.error, created: null, request };
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
