/**
 * What a driver sent with an "I can't park here" report: their note and the photo of the spot,
 * as the host and the admin both see it.
 */
export function ReportEvidence({
  note,
  photoUrl,
  driver,
}: {
  note: string | null;
  photoUrl: string | null;
  /** Who found the spot so, for the photo's description ("the driver", "Dana"). */
  driver: string;
}) {
  return (
    <>
      {note ? (
        <blockquote className="mt-3 border-l-4 border-slate-300 pl-3 text-slate-800">
          <span className="sr-only">{`${driver[0]!.toUpperCase()}${driver.slice(1)} wrote: `}</span>
          {note}
        </blockquote>
      ) : null}
      {photoUrl ? (
        <img
          src={photoUrl}
          alt={`The spot, as ${driver} found it`}
          className="mt-3 aspect-video w-full max-w-sm rounded-xl object-cover ring-1 ring-slate-200"
        />
      ) : null}
    </>
  );
}
