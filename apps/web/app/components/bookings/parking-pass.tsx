import { formatEventDate, formatEventTime } from '~/utils/event-time';
import { SavedCopyNote } from '~/components/offline/saved-copy-note';
import { PassFacts, type Pass } from './pass-facts';
import { ParkingProblemLink } from './parking-problem-link';
import { WalletButtons } from './wallet-buttons';
import { BackLink } from '~/components/ui/back-link';
import { KeptPart } from '~/components/layout/kept-part';

const timeOf = (iso: string, timeZone: string) => formatEventTime(iso, timeZone);

/**
 * The driver's parking pass, black on white for sunlight and print: the state (cancelled, checked
 * in), gate code, plate, window, address, access, host, the QR of the check-in code, photo,
 * directions and the calendar file. `savedAt` marks the copy kept on the phone for game day without a signal.
 */
export function ParkingPass({
  pass,
  qr,
  savedAt,
  wallet,
  problem,
}: {
  pass: Pass;
  qr: string;
  savedAt: string | null;
  wallet: { apple: boolean; google: string | null };
  problem: 'soon' | 'open' | 'reported' | 'closed';
}) {
  const { event, driveway } = pass;
  const cancelled = pass.status === 'cancelled';
  const address = `${driveway.street}, ${driveway.city}, ${driveway.region} ${driveway.postalCode}`;
  const directions = `https://www.google.com/maps/dir/?api=1&destination=${driveway.latitude},${driveway.longitude}`;
  return (
    // Room at the bottom: the floating Feedback button never has to sit on the QR.
    <div className="mx-auto w-full max-w-md px-4 pt-6 pb-24 text-black print:max-w-none print:p-0">
      <BackLink to="/my-bookings" className="print:hidden">
        My bookings
      </BackLink>
      {savedAt ? (
        <SavedCopyNote
          when={`${timeOf(savedAt, event.timeZone)}, ${formatEventDate(savedAt, event.timeZone)}`}
        />
      ) : null}
      {/* The pass itself: kept for its driver until it changes (decision 071). */}
      <KeptPart name="pass">
        <article
          aria-labelledby="pass-title"
          className="mt-3 overflow-hidden rounded-3xl border-4 border-black bg-white print:break-inside-avoid"
        >
          <header className="bg-black px-5 py-4 text-white">
            <p className="text-sm font-bold tracking-widest uppercase">Parkside parking pass</p>
            <h1 id="pass-title" className="mt-1 text-2xl leading-tight font-extrabold">
              {event.title}
            </h1>
            <p className="mt-1 text-base">{formatEventDate(event.startsAt, event.timeZone)}</p>
          </header>

          {cancelled ? (
            <p
              role="status"
              className="border-b-4 border-black bg-red-700 px-5 py-6 text-center text-4xl font-black tracking-wide text-white uppercase"
            >
              Cancelled
              <span className="mt-2 block text-base font-bold tracking-normal normal-case">
                This booking was cancelled. The pass is not valid.
              </span>
            </p>
          ) : pass.checkedInAt ? (
            <p
              role="status"
              className="border-b-4 border-black bg-emerald-800 px-5 py-4 text-center text-3xl font-black text-white"
            >
              Checked in
              <span className="mt-1 block text-base font-bold">
                at {timeOf(pass.checkedInAt, event.timeZone)}
              </span>
            </p>
          ) : null}

          <div className="px-5 py-5">
            <PassFacts pass={pass} address={address} />

            {cancelled ? null : (
              <figure className="mt-6 flex flex-col items-center">
                <div
                  role="img"
                  data-feedback-clear
                  aria-label={`QR code of your pass, gate code ${pass.gateCode}`}
                  className="w-full max-w-[18rem] print:max-w-[13rem] [&>svg]:h-auto [&>svg]:w-full"
                  // Markup made on the server by the QR encoder from our own code, not user input.
                  dangerouslySetInnerHTML={{ __html: qr }}
                />
                <figcaption className="mt-2 text-center">
                  <span className="block text-sm font-bold uppercase">
                    Or show this to your host to scan
                  </span>
                </figcaption>
              </figure>
            )}

            {driveway.photo ? (
              <img
                src={driveway.photo}
                alt={`The driveway: ${driveway.title}`}
                className="mt-6 aspect-video w-full rounded-xl border-2 border-black object-cover print:hidden"
              />
            ) : null}

            {cancelled ? (
              <div className="mt-6 grid gap-3 print:hidden">
                <p className="text-lg">
                  The house number and the way in are no longer shown.{' '}
                  <a href="/my-bookings" className="font-bold underline underline-offset-4">
                    See your bookings
                  </a>
                </p>
                {problem === 'reported' ? (
                  <ParkingProblemLink
                    bookingId={pass.bookingId}
                    state={problem}
                    availableFrom={pass.availableFrom}
                    timeZone={pass.event.timeZone}
                  />
                ) : null}
              </div>
            ) : (
              <div className="mt-6 grid gap-3 print:hidden">
                <a
                  href={directions}
                  target="_blank"
                  rel="noreferrer"
                  className="rounded-xl bg-black px-4 py-4 text-center text-lg font-bold text-white underline-offset-4 hover:underline"
                >
                  Get directions
                </a>
                <a
                  href={`/bookings/${pass.bookingId}/pass.ics`}
                  className="rounded-xl border-4 border-black px-4 py-3 text-center text-lg font-bold underline-offset-4 hover:underline"
                >
                  Add to calendar
                </a>
                <WalletButtons bookingId={pass.bookingId} wallet={wallet} />
                <ParkingProblemLink
                  bookingId={pass.bookingId}
                  state={problem}
                  availableFrom={pass.availableFrom}
                  timeZone={pass.event.timeZone}
                />
              </div>
            )}
          </div>
        </article>
      </KeptPart>
    </div>
  );
}
