import { formatUsd } from '@parkside/validators';
import type { ReactNode } from 'react';

/** An admin list with nothing to show: `what` names the list, `q` the search that emptied it. */
export function AdminEmpty({ children }: { children: ReactNode }) {
  return (
    <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-700">
      {children}
    </div>
  );
}

/** A small pill: host, admin, verified, a status. */
export function Badge({
  tone = 'slate',
  children,
}: {
  tone?: 'slate' | 'brand' | 'amber' | 'red' | 'green';
  children: ReactNode;
}) {
  const tones = {
    slate: 'bg-slate-100 text-slate-800',
    brand: 'bg-brand-50 text-brand-800',
    amber: 'bg-amber-100 text-amber-900',
    red: 'bg-red-100 text-red-800',
    green: 'bg-emerald-100 text-emerald-900',
  };
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** An event's status as a pill. */
export function EventStatusBadge({ status }: { status: 'scheduled' | 'cancelled' | 'archived' }) {
  if (status === 'cancelled') return <Badge tone="red">Cancelled</Badge>;
  if (status === 'archived') return <Badge>Archived</Badge>;
  return <Badge tone="brand">Scheduled</Badge>;
}

/** A booking's status as a pill, with who cancelled and what went back to the driver. */
export function BookingStatusBadge({
  booking,
}: {
  booking: {
    status: 'confirmed' | 'cancelled' | 'pending_payment' | 'expired';
    cancelledBy?: string | null;
    refundCents: number;
    checkedInAt?: string | null;
  };
}) {
  const refund = booking.refundCents > 0 ? `, ${formatUsd(booking.refundCents)} refunded` : '';
  switch (booking.status) {
    case 'cancelled':
      return (
        <Badge tone="red">
          Cancelled{booking.cancelledBy ? ` by ${booking.cancelledBy}` : ''}
          {refund}
        </Badge>
      );
    case 'pending_payment':
      return <Badge tone="amber">Waiting for payment</Badge>;
    case 'expired':
      return <Badge>Hold expired{refund}</Badge>;
    default:
      return booking.checkedInAt ? (
        <Badge tone="green">Checked in</Badge>
      ) : (
        <Badge tone="brand">Confirmed</Badge>
      );
  }
}
