import type { ReactNode } from 'react';
import type { EventSummary } from '@parkside/api';
import { Link } from '@remix-run/react';
import { formatBps, type MoneyTerms } from '@parkside/validators';
import { formatEventDate, formatEventTime } from '~/utils/event-time';
import { Steps } from './steps';
import { CallToAction } from '~/components/marketing/call-to-action';
import { PageSection } from '~/components/marketing/page-section';

export interface EventLandingCopy {
  /** Shown above the h1, e.g. "For neighbors of Laurelhurst Park". */
  eyebrow: string;
  headline: string;
  intro: string;
  /** Used when the event is not in the database (or has no upcoming date). */
  fallback: { title: string; venue: string; place: string; imageUrl: string };
  reasons: { title: string; body: string }[];
}

const ctaPrimary =
  'text-ink inline-flex h-12 items-center justify-center rounded-xl bg-amber-400 px-6 text-base font-bold shadow-lg hover:bg-amber-300 focus-visible:outline-4 focus-visible:outline-amber-200';
const ctaSecondary =
  'inline-flex h-12 items-center justify-center rounded-xl px-6 font-semibold text-white ring-1 ring-white/70 hover:bg-white/10';

function NextDate({ event, copy }: { event: EventSummary | null; copy: EventLandingCopy }) {
  const title = event?.title ?? copy.fallback.title;
  return (
    <section
      aria-labelledby="next-heading"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <p className="text-brand-800 text-sm font-semibold tracking-wide uppercase">Next event</p>
      <h2 id="next-heading" className="mt-1 text-2xl font-bold">
        {title}
      </h2>
      <dl className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-[1fr_1.7fr_1.5fr_1fr]">
        <LandingFact label="Date" large>
          {event ? (
            <time dateTime={event.startsAt}>{formatEventDate(event.startsAt, event.timeZone)}</time>
          ) : (
            'Date to be announced'
          )}
        </LandingFact>
        <LandingFact label="Time" large>
          {event ? (
            <>
              <span className="whitespace-nowrap">
                {formatEventTime(event.startsAt, event.timeZone)}
              </span>{' '}
              to{' '}
              <span className="whitespace-nowrap">
                {formatEventTime(event.endsAt, event.timeZone)}
              </span>
            </>
          ) : (
            'To be announced'
          )}
        </LandingFact>
        <LandingFact label="Where">
          <span className="font-semibold">{event?.venueName ?? copy.fallback.venue}</span>
          <br />
          <span className="text-slate-700">
            {event ? `${event.street}, ${event.city}, ${event.region}` : copy.fallback.place}
          </span>
        </LandingFact>
        <LandingFact label="Expected crowd" large>
          {event ? `${event.expectedAttendance.toLocaleString('en-US')} people` : 'Thousands'}
        </LandingFact>
      </dl>
      {event ? null : (
        <p className="mt-5 text-slate-700">
          We will post the date as soon as the organizers announce it. You can set up your driveway
          now and list it for the event the moment it opens.
        </p>
      )}
    </section>
  );
}

/** A host-recruiting page for the neighbors of one recurring event. */
export function EventLanding({
  event,
  terms,
  copy,
}: {
  event: EventSummary | null;
  terms: MoneyTerms;
  copy: EventLandingCopy;
}) {
  const title = event?.title ?? copy.fallback.title;
  return (
    <>
      <section className="from-brand-900 to-brand-700 bg-gradient-to-b text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-2">
          <div>
            <p className="text-brand-100 text-sm font-semibold tracking-wide uppercase">
              {copy.eyebrow}
            </p>
            <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">
              {copy.headline}
            </h1>
            <p className="text-brand-50 mt-4 text-lg">{copy.intro}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/list" className={ctaPrimary}>
                List your driveway
              </Link>
              {event ? (
                <Link to={`/rent?event=${event.id}`} className={ctaSecondary}>
                  Find parking<span className="sr-only"> for {title}</span>
                </Link>
              ) : null}
            </div>
          </div>
          <img
            src={event?.imageUrl ?? copy.fallback.imageUrl}
            alt=""
            width={640}
            height={360}
            className="aspect-video w-full rounded-2xl object-cover shadow-2xl ring-1 ring-white/20"
          />
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-14 px-4 py-12 sm:px-6">
        <NextDate event={event} copy={copy} />

        <PageSection id="why-heading" title={`Why host for ${title}`}>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {copy.reasons.map((reason) => (
              <li key={reason.title} className="border-brand-600 border-l-4 pl-4">
                <h3 className="text-lg font-bold">{reason.title}</h3>
                <p className="mt-2 text-slate-700">{reason.body}</p>
              </li>
            ))}
          </ul>
        </PageSection>

        <PageSection id="steps-heading" title="Three steps to your first booking">
          <div className="mt-6">
            <Steps
              steps={[
                {
                  title: 'Add your driveway',
                  body: 'Address, how many cars fit, and how drivers get in. About five minutes.',
                },
                {
                  title: 'List it for the event',
                  body: terms.online
                    ? 'Choose your price per space and see your payout as you type.'
                    : 'Choose your price per space: drivers pay it to you when they arrive.',
                },
                {
                  title: 'Welcome your drivers',
                  body: `Each booking arrives by e-mail with the plate to expect. ${terms.online ? `Parkside keeps ${formatBps(terms.feeBps)}; the rest is yours.` : 'All of the price is yours.'}`,
                },
              ]}
            />
          </div>
        </PageSection>

        <CallToAction
          title="Your driveway, their best parking spot"
          body="Learn what hosting pays and how it works, then list in minutes."
          to="/list"
          action="List your driveway"
        />
      </div>
    </>
  );
}

/** One fact of the next event: a label over a value, `large` for a short one. */
function LandingFact({
  label,
  large = false,
  children,
}: {
  label: string;
  large?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className={large ? 'mt-1 text-lg font-semibold' : 'mt-1'}>{children}</dd>
    </div>
  );
}
