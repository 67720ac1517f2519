import { Form, useNavigation } from '@remix-run/react';
import { PARKING_PROBLEMS, PARKING_REPORT_REPLY_MAX } from '@parkside/validators';
import { formatEventStart } from '~/utils/event-time';
import { ReportEvidence } from '~/components/bookings/report-evidence';
import { SubmitButton } from '~/components/forms/submit-button';
import { AlertText } from '~/components/forms/field';

/** One report about a host's driveway, as `parkingReport.forHost` lists it (dates as text). */
export interface HostReport {
  id: string;
  problem: keyof typeof PARKING_PROBLEMS;
  note: string;
  photoUrl: string | null;
  outcome: 'rebooked' | 'refunded';
  refundCents: number;
  hostReply: string | null;
  reversedAt: string | null;
  reversalReason: string | null;
  createdAt: string;
  drivewayTitle: string;
  eventTitle: string;
  timeZone: string;
  driverName: string | null;
}

/** A report: what the driver found and chose, their photo, and the host's answer (once). */
export function HostReportCard({ report, error }: { report: HostReport; error: string | null }) {
  const navigation = useNavigation();
  const sending = navigation.formData?.get('reportId') === report.id;
  const driver = report.driverName?.split(' ')[0] ?? 'A driver';
  const field = `reply-${report.id}`;
  return (
    <article
      aria-label={`Report about ${report.drivewayTitle}`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <p className="text-sm text-slate-600">
        {formatEventStart(report.createdAt, report.timeZone)} · {report.eventTitle}
      </p>
      <h2 className="text-ink mt-1 text-lg font-bold">
        {report.drivewayTitle}: {PARKING_PROBLEMS[report.problem].replace(/^I /, `${driver} `)}
      </h2>
      <p className="mt-1 text-slate-700">
        {report.outcome === 'rebooked'
          ? `${driver} was moved to a driveway nearby, so you are not paid for this booking.`
          : report.refundCents > 0
            ? `${driver} was refunded in full, so you are not paid for this booking.`
            : `${driver} cancelled, so you are not paid for this booking.`}
      </p>
      <ReportEvidence note={report.note} photoUrl={report.photoUrl} driver={driver} />
      {report.reversedAt ? (
        <p className="mt-3 rounded-xl bg-emerald-50 px-4 py-3 text-emerald-900">
          Parkside reviewed this report and it no longer counts against you
          {report.reversalReason ? `: ${report.reversalReason}` : '.'}
        </p>
      ) : null}
      {report.hostReply !== null ? (
        <div className="mt-4">
          <h3 className="text-ink text-sm font-bold">Your answer</h3>
          <p className="mt-1 whitespace-pre-line text-slate-800">{report.hostReply}</p>
        </div>
      ) : (
        <Form method="post" className="mt-4 flex flex-col gap-2">
          <input type="hidden" name="reportId" value={report.id} />
          <label htmlFor={field} className="text-ink text-sm font-bold">
            Your answer
          </label>
          <textarea
            id={field}
            name="reply"
            rows={3}
            required
            maxLength={PARKING_REPORT_REPLY_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${field}-error` : undefined}
            className="rounded-xl border border-slate-300 px-3 py-2"
            placeholder="What happened? The team reads it with the report."
          />
          <AlertText id={`${field}-error`}>{error}</AlertText>
          <SubmitButton busy={sending} pendingText="Sending…" className="self-start">
            Send answer
          </SubmitButton>
        </Form>
      )}
    </article>
  );
}
