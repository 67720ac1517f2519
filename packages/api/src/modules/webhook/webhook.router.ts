import {
  webhookDeliveryInput,
  webhookEndpointIdInput,
  webhookEndpointInput,
  webhookPauseInput,
} from '@parkside/validators';
import type { AuditAction } from '@parkside/db';
import type { Context } from '../../context';
import { adminProcedure, router } from '../../trpc';
import { audited } from '../audit/audit.service';
import {
  createEndpoint,
  endpointDetail,
  listEndpoints,
  removeEndpoint,
  requireWebhookUrl,
  sendAgain,
  setPaused,
} from './webhook-endpoints.service';

/** An endpoint's audit row names it by its address. */
const endpointEntry = (action: AuditAction, endpoint: { id: string; url: string }) => ({
  action,
  targetId: endpoint.id,
  targetLabel: endpoint.url,
});

const optionsOf = (ctx: Context) => ({
  key: ctx.settings.webhookKey,
  allowPrivate: ctx.settings.webhookAllowPrivate,
});

/** Webhook endpoints, for admins (/admin/webhooks; decision 068). Every change is audited. */
export const webhookRouter = router({
  list: adminProcedure.query(({ ctx }) => listEndpoints(ctx.db)),

  byId: adminProcedure
    .input(webhookEndpointIdInput)
    .query(({ ctx, input }) => endpointDetail(ctx.db, input.id)),

  /** Answers the endpoint's signing secret: the only time anyone sees it. */
  create: adminProcedure.input(webhookEndpointInput).mutation(async ({ ctx, input }) => {
    await requireWebhookUrl(input.url, ctx.settings.webhookAllowPrivate);
    return audited(
      ctx,
      (tx) => createEndpoint(tx, ctx.user.id, input, optionsOf(ctx)),
      (endpoint) => ({
        ...endpointEntry('webhook.create', endpoint),
        details: { events: input.events.join(', ') },
      }),
    );
  }),

  setPaused: adminProcedure.input(webhookPauseInput).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => setPaused(tx, input.id, input.paused),
      (endpoint) => endpointEntry(endpoint.paused ? 'webhook.pause' : 'webhook.resume', endpoint),
    ),
  ),

  remove: adminProcedure.input(webhookEndpointIdInput).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => removeEndpoint(tx, input.id),
      (endpoint) => endpointEntry('webhook.delete', endpoint),
    ),
  ),

  sendAgain: adminProcedure.input(webhookDeliveryInput).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (tx) => sendAgain(tx, input.deliveryId),
      (delivery) => ({
        action: 'webhook.send_again',
        targetId: delivery.id,
        targetLabel: delivery.url,
        details: { event: delivery.type },
      }),
    ),
  ),
});
