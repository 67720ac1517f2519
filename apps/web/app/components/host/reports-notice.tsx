import { Link } from '@remix-run/react';

/** On My Listings: drivers' "I can't park here" reports, loud while any waits for an answer. */
export function ReportsNotice({ total, unanswered }: { total: number; unanswered: number }) {
  if (total === 0) return null;
  return unanswered > 0 ? (
    <p
      role="status"
      className="mt-6 rounded-xl bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200"
    >
      {unanswered === 1
        ? 'A driver could not park at your driveway.'
        : `${unanswered} drivers could not park at your driveways.`}{' '}
      <Link to="/parking-reports" className="font-semibold underline">
        Answer {unanswered === 1 ? 'the report' : 'the reports'}
      </Link>
    </p>
  ) : (
    <p className="mt-6 text-sm text-slate-700">
      <Link to="/parking-reports" className="text-brand-800 font-semibold underline">
        Parking reports
      </Link>{' '}
      about your driveways, and your answers.
    </p>
  );
}
