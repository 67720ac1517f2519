import { Link } from '@remix-run/react';
import { utcSecond } from '~/utils/utc-time';
import type { AUDIT_ACTION_NAMES } from '@parkside/validators';

type AuditActionName = (typeof AUDIT_ACTION_NAMES)[number];

export interface AuditRow {
  id: string;
  at: string;
  actorEmail: string;
  apiTokenId: string | null;
  action: string;
  targetId: string;
  targetLabel: string;
  details: Record<string, string | number | boolean | null> | null;
  ip: string;
}

/** How each action reads in a sentence after the admin's e-mail. */
export const ACTION_LABELS: Record<AuditActionName, string> = {
  'admin.grant': 'granted admin to',
  'admin.revoke': 'revoked admin from',
  'event.edit': 'edited the event',
  'event.cancel': 'cancelled the event',
  'event.archive': 'archived the event',
  'event.unarchive': 'unarchived the event',
  'feedback.resolve': 'resolved',
  'api_token.create': 'created the API token',
  'api_token.revoke': 'revoked the API token',
  'conversation.view': 'viewed the conversation',
  'listing.approve': 'approved the listing',
  'listing.reject': 'rejected the listing',
  'job.retry': 'retried the job',
  'job.discard': 'discarded the job',
  'parking_report.rebook': 'could not park, and was moved nearby from',
  'parking_report.refund': 'could not park, and was refunded for',
  'parking_report.reply': 'answered the parking report about',
  'parking_report.reverse': 'reversed the parking report about',
  'booking.undo_check_in': 'undid the check-in of',
  'booking.restore': 'restored the cancelled booking of',
  'webhook.create': 'added the webhook endpoint',
  'webhook.pause': 'paused the webhook endpoint',
  'webhook.resume': 'resumed the webhook endpoint',
  'webhook.delete': 'deleted the webhook endpoint',
  'webhook.send_again': 'sent a webhook again to',
};

const DETAIL_LABELS: Record<string, string> = {
  cancelledBookings: 'bookings cancelled',
  reason: 'reason',
  newBooking: 'new booking',
  booking: 'booking',
  driver: 'driver',
  scopes: 'scopes',
};

function targetLink(row: AuditRow): string | null {
  if (row.action.startsWith('event.') || row.action.startsWith('booking.')) {
    return `/admin/events/${row.targetId}`;
  }
  if (row.action === 'feedback.resolve') return '/admin/feedback';
  if (row.action.startsWith('api_token.')) return '/admin/api-tokens';
  if (row.action.startsWith('listing.')) return '/admin/listings';
  if (row.action.startsWith('job.')) return '/admin/system';
  if (row.action === 'webhook.send_again' || row.action === 'webhook.delete')
    return '/admin/webhooks';
  if (row.action.startsWith('webhook.')) return `/admin/webhooks/${row.targetId}`;
  if (row.action.startsWith('parking_report.')) return '/admin/issues';
  return null;
}

/** Audit rows, newest first: who did what to which record, when, from where. */
export function AuditList({ rows }: { rows: AuditRow[] }) {
  return (
    <ol className="divide-y divide-slate-100 text-sm">
      {rows.map((row) => {
        const to = targetLink(row);
        return (
          <li key={row.id} className="py-3">
            <p className="text-ink">
              <span className="font-semibold break-all">{row.actorEmail}</span>{' '}
              {ACTION_LABELS[row.action as AuditActionName] ?? row.action}{' '}
              {to ? (
                <Link to={to} className="font-semibold [overflow-wrap:anywhere] hover:underline">
                  {row.targetLabel}
                </Link>
              ) : (
                <span className="font-semibold [overflow-wrap:anywhere]">{row.targetLabel}</span>
              )}
            </p>
            {row.details ? (
              <p className="mt-0.5 text-slate-700">
                {Object.entries(row.details)
                  .map(([key, value]) => `${DETAIL_LABELS[key] ?? key}: ${String(value)}`)
                  .join(' · ')}
              </p>
            ) : null}
            <p className="mt-0.5 text-xs text-slate-600">
              <time dateTime={row.at}>{utcSecond.format(new Date(row.at))} UTC</time> · from{' '}
              {row.ip}
              {row.apiTokenId ? ` · with API token ${row.apiTokenId.slice(0, 8)}…` : ' · signed in'}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
