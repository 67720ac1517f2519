import { Link } from '@remix-run/react';
import { formatUsd } from '@parkside/validators';
import { buttonClasses } from '~/components/ui/button';
import { ButtonLink } from '~/components/ui/button-link';

/** What was done about the driver's report: where they park now, or the refund. */
export function ParkingReportOutcome({
  report,
}: {
  report: { outcome: 'rebooked' | 'refunded'; newBookingId: string | null; refundCents: number };
}) {
  const moved = report.outcome === 'rebooked';
  return (
    <section
      aria-labelledby="report-outcome"
      className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="report-outcome" className="text-ink text-xl font-bold">
        {moved
          ? 'You were moved to a driveway nearby'
          : report.refundCents > 0
            ? 'Cancelled and refunded in full'
            : 'Cancelled: you pay nothing'}
      </h2>
      <p className="mt-2 text-slate-700">
        {moved
          ? 'You reported that you could not park here. Your new space costs you nothing extra.'
          : report.refundCents > 0
            ? `You reported that you could not park here. ${formatUsd(report.refundCents)} goes back to your card in 5 to 10 business days.`
            : 'You reported that you could not park here. Nothing was charged, so you do not pay the host.'}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        The host was told. If something is still wrong, use Feedback and we will look at it.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        {moved && report.newBookingId ? (
          <Link
            to={`/bookings/${report.newBookingId}/pass`}
            className={buttonClasses({ size: 'lg' })}
          >
            Open your new pass
          </Link>
        ) : null}
        <ButtonLink to="/my-bookings" variant="secondary" size="lg">
          My bookings
        </ButtonLink>
      </div>
    </section>
  );
}
