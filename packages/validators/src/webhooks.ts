import { z } from 'zod';
import { multilineText, text } from './text';

/** What Parkside tells outside systems about (decision 068), and how the admin page names it. */
export const WEBHOOK_EVENT_LABELS = {
  'booking.confirmed': 'A booking is confirmed',
  'booking.cancelled': 'A booking is cancelled',
  'booking.checked_in': 'A car is checked in',
  'parking_report.opened': '"I can\'t park here" is reported',
  'parking_report.resolved': 'A parking report is answered or reversed',
  'listing.in_review': 'A listing is sent for review',
  'listing.approved': 'A listing is approved',
  'listing.rejected': 'A listing is rejected',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENT_LABELS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_LABELS) as [
  WebhookEventType,
  ...WebhookEventType[],
];

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

/** An endpoint an admin registers. Where the address may point is checked by the server. */
export const webhookEndpointInput = z.strictObject({
  url: text({ message: 'Enter the address.' })
    .trim()
    .min(1, 'Enter the address.')
    .max(WEBHOOK_URL_MAX_LENGTH, `Keep the address under ${WEBHOOK_URL_MAX_LENGTH} characters.`),
  description: multilineText()
    .trim()
    .max(
      WEBHOOK_DESCRIPTION_MAX_LENGTH,
      `Keep the description under ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters.`,
    )
    .default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { message: 'That is not an event Parkside sends.' }), {
      message: 'Choose at least one event.',
    })
    .min(1, 'Choose at least one event.')
    .max(WEBHOOK_EVENT_TYPES.length),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInput>;

export const webhookEndpointIdInput = z.strictObject({
  id: z.uuid({ message: 'Endpoint id must be a UUID.' }),
});
export const webhookPauseInput = webhookEndpointIdInput.extend({ paused: z.boolean() });
export const webhookDeliveryInput = z.strictObject({
  deliveryId: z.uuid({ message: 'Delivery id must be a UUID.' }),
});
