/**
 * Above a driveway's page that drivers cannot see yet: its host or an admin is looking at a
 * listing waiting for review, or one Parkside turned down (with the reason given).
 */
export function ReviewBanner({ state, reason }: { state: string; reason: string | null }) {
  if (state !== 'in_review' && state !== 'rejected') return null;
  return (
    <div
      role="status"
      className={`mb-4 rounded-2xl px-4 py-3 text-sm ring-1 ${
        state === 'in_review'
          ? 'bg-amber-50 text-amber-950 ring-amber-200'
          : 'bg-red-50 text-red-950 ring-red-200'
      }`}
    >
      <p className="font-bold">{state === 'in_review' ? 'Waiting for review' : 'Not approved'}</p>
      <p className="mt-1">
        {state === 'in_review'
          ? 'Drivers cannot see this page yet. Only the host and Parkside admins can, until the listing is approved.'
          : `Drivers cannot see this page. Only the host and Parkside admins can.${reason ? ` Reason: ${reason}` : ''}`}
      </p>
    </div>
  );
}
