import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { HelpList, InfoCard } from '~/components/marketing/help-cards';
import { PageIntro } from '~/components/marketing/page-intro';

export const meta: MetaFunction = () => [
  { title: 'Contact · Parkside' },
  {
    name: 'description',
    content:
      'Reach Parkside support by e-mail or phone, including game-day help for drivers and hosts.',
  },
];

const SUPPORT_EMAIL = 'support@parkside.example';
const PHONE_DISPLAY = '(801) 555-0142';
const PHONE_HREF = 'tel:+18015550142';

const link = 'text-brand-800 font-semibold underline-offset-2 hover:underline';

export default function ContactPage() {
  return (
    <>
      <PageIntro eyebrow="Contact" title="We're here to help">
        <p>
          Questions about a booking, a listing or an event? A real person at Parkside answers every
          message, and on event days our game-day line is open until the last car leaves.
        </p>
      </PageIntro>

      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="grid gap-6 md:grid-cols-3">
          <InfoCard title="E-mail">
            <p>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={`${link} break-all`}>
                {SUPPORT_EMAIL}
              </a>
            </p>
            <p>We answer within one business day, usually much sooner.</p>
          </InfoCard>
          <InfoCard title="Game-day help">
            <p>
              <a href={PHONE_HREF} className={`${link} text-xl`}>
                {PHONE_DISPLAY}
              </a>
            </p>
            <p>
              Call when it can&rsquo;t wait: you can&rsquo;t find your driveway, someone is in your
              space, or a car is blocking the way out.
            </p>
          </InfoCard>
          <InfoCard title="Hours">
            <dl className="space-y-3">
              <div>
                <dt className="font-semibold text-slate-900">E-mail and phone</dt>
                <dd>Monday to Friday, 9 a.m. to 6 p.m. Mountain Time</dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-900">Game-day line</dt>
                <dd>
                  Every event day, from 3 hours before the start until 1 hour after the end, in the
                  event&rsquo;s local time
                </dd>
              </div>
            </dl>
          </InfoCard>
        </div>

        <section aria-labelledby="help-heading" className="mt-12">
          <h2 id="help-heading" className="text-2xl font-bold">
            What can we help with?
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            <HelpList
              id="drivers-heading"
              title="For drivers"
              items={[
                <>
                  Need to cancel? Do it yourself in{' '}
                  <Link to="/my-bookings" className={link}>
                    My Bookings
                  </Link>
                  : at least 24 hours before the event starts you get a full refund.
                </>,
                <>
                  Gate codes, where to park and the time window are in each booking. To ask your
                  host something, use{' '}
                  <Link to="/messages" className={link}>
                    Messages
                  </Link>
                  .
                </>,
                <>
                  Trouble on the day, like a blocked or taken space? Call the game-day line at{' '}
                  <a href={PHONE_HREF} className={link}>
                    {PHONE_DISPLAY}
                  </a>
                  .
                </>,
              ]}
            />
            <HelpList
              id="hosts-heading"
              title="For hosts"
              items={[
                <>
                  New to hosting? Read{' '}
                  <Link to="/list" className={link}>
                    how hosting on Parkside works
                  </Link>
                  , including our fee and what you earn.
                </>,
                <>
                  Edit a listing, check the license plates you expect, or cancel a booking in{' '}
                  <Link to="/my-listings" className={link}>
                    My Listings
                  </Link>
                  .
                </>,
                <>
                  Event missing from Parkside?{' '}
                  <Link to="/register-event" className={link}>
                    Register the event
                  </Link>{' '}
                  and list your driveway for it.
                </>,
                <>
                  Questions about a payout: e-mail us with the event and the driveway, and we will
                  look into it the same day.
                </>,
              ]}
            />
          </div>
        </section>

        <section
          aria-labelledby="mail-heading"
          className="mt-12 grid gap-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-8"
        >
          <div>
            <h2 id="mail-heading" className="text-lg font-bold">
              Mailing address
            </h2>
            <address className="mt-3 text-slate-700 not-italic">
              Parkside, Inc.
              <br />
              86 N University Ave, Suite 400
              <br />
              Provo, UT 84601
            </address>
            <p className="mt-2 text-sm text-slate-600">
              For letters only: we have no walk-in office.
            </p>
          </div>
          <div>
            <h2 className="text-lg font-bold">Ideas and suggestions</h2>
            <p className="mt-3 text-slate-700">
              Use the Feedback button on any page to tell us what would make Parkside better. We
              read every message.
            </p>
          </div>
        </section>
      </div>
    </>
  );
}
