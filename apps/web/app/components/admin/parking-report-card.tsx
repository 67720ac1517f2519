import type { ApiCaller } from '@parkside/api';
import { formatUsd, PARKING_PROBLEMS } from '@parkside/validators';
import { Fact } from '~/components/ui/fact';
import { ConfirmDialog, ReasonField } from '~/components/ui/confirm-dialog';
import { formatEventStart } from '~/utils/event-time';
import { ReportEvidence } from '~/components/bookings/report-evidence';

/** One report of admin.parkingReports' answer. */
export type AdminParkingReport = Awaited<ReturnType<ApiCaller['admin']['parkingReports']>>[number];

function outcomeText(report: AdminParkingReport): string {
  if (report.outcome === 'rebooked') {
    const waived = report.waivedCents > 0 ? `, ${formatUsd(report.waivedCents)} waived` : '';
    return `Moved to ${report.newDrivewayTitle ?? 'another driveway'} at no extra cost${waived}`;
  }
  return report.refundCents > 0
    ? `Refunded ${formatUsd(report.refundCents)} to the card`
    : 'Cancelled; nothing was charged';
}

/** A report with its evidence, outcome and the host's answer; reversible once, with a reason. */
export function ParkingReportCard({ report }: { report: AdminParkingReport }) {
  return (
    <article
      aria-label={`Report about ${report.drivewayTitle}`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-ink text-lg font-bold">
            {report.drivewayTitle}: {PARKING_PROBLEMS[report.problem]}
          </h2>
          <p className="text-sm text-slate-700">
            {report.eventTitle} · reported {formatEventStart(report.createdAt, report.timeZone)}
          </p>
        </div>
        {report.reversedAt ? (
          <span className="rounded-full bg-slate-200 px-3 py-1 text-xs font-bold text-slate-800">
            Reversed
          </span>
        ) : report.hostFlagged ? (
          <span className="rounded-full bg-red-100 px-3 py-1 text-xs font-bold text-red-900">
            Host flagged: {report.hostStandingReports} reports in 90 days
          </span>
        ) : null}
      </header>
      <dl className="mt-4 grid gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
        <Fact label="Driver">
          {report.driverName ?? 'Deleted account'}
          {report.driverEmail ? (
            <span className="block break-all">{report.driverEmail}</span>
          ) : null}
        </Fact>
        <Fact label="Host">
          {report.hostName ?? 'Deleted account'}
          {report.hostEmail ? <span className="block break-all">{report.hostEmail}</span> : null}
        </Fact>
        <Fact label="Outcome">{outcomeText(report)}</Fact>
      </dl>
      <ReportEvidence note={report.note} photoUrl={report.photoUrl} driver="the driver" />
      <div className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-sm">
        <p className="font-semibold text-slate-800">The host&apos;s answer</p>
        <p className="mt-1 whitespace-pre-line text-slate-800">
          {report.hostReply ?? 'No answer yet.'}
        </p>
      </div>
      {report.reversedAt ? (
        <p className="mt-4 text-sm text-slate-700">
          Reversed: {report.reversalReason}. It no longer counts against the host.
        </p>
      ) : (
        <footer className="mt-5 flex justify-end">
          <ConfirmDialog
            trigger="Reverse…"
            title="Reverse this report?"
            description={
              <p>
                It stops counting against the host. What the driver got (the new space or the
                refund) stays as it is.
              </p>
            }
            intent={`reverse-${report.id}`}
            fields={{ reportId: report.id }}
            keepLabel="Back"
            confirmLabel="Reverse report"
            pendingText="Reversing…"
          >
            <ReasonField
              label="Reason, for the audit log"
              maxLength={500}
              placeholder="e.g. The host's photo shows the space was free at 6 pm."
            />
          </ConfirmDialog>
        </footer>
      )}
    </article>
  );
}
