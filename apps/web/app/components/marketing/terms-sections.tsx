import { Link } from '@remix-run/react';
import { formatBps, type MoneyTerms } from '@parkside/validators';
import type { ReactNode } from 'react';

export interface TermsSection {
  id: string;
  title: string;
  body: ReactNode;
}

const link = 'text-brand-800 font-semibold underline-offset-2 hover:underline';

/** The terms of service, section by section, told for the site's payment mode (decision 055). */
export function termsSections(terms: MoneyTerms): TermsSection[] {
  const fee = formatBps(terms.feeBps);
  return [
    {
      id: 'about-these-terms',
      title: 'About these terms',
      body: (
        <>
          <p>
            Parkside is an online marketplace that connects drivers looking for parking near an
            event with people (&ldquo;hosts&rdquo;) who rent out space in their driveways. These
            terms apply whenever you visit Parkside, create an account, book a space or list one.
          </p>
          <p>
            By using Parkside you agree to these terms. If you do not agree, please do not use the
            service.
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Your account',
      body: (
        <>
          <p>
            You need an account with a verified e-mail address to book or list a space. You must be
            at least 18 years old and able to enter into a binding agreement.
          </p>
          <p>
            Keep your details accurate and your password to yourself. You are responsible for what
            happens under your account; tell us straight away if you think someone else is using it.
            You can close your account at any time in your account settings.
          </p>
        </>
      ),
    },
    {
      id: 'bookings',
      title: 'How bookings work',
      body: (
        <>
          <p>
            A booking is an agreement between the driver and the host for one parking space at the
            host&rsquo;s driveway during the time window shown in the listing. Parkside provides the
            marketplace and processes the booking, but is not a party to that agreement and does not
            own, operate or inspect the driveways listed.
          </p>
          <p>
            A booking is confirmed only once you see the confirmation page and receive our e-mail.
            Spaces are limited: if the last space is taken while you book, we tell you and you are
            not charged.
          </p>
        </>
      ),
    },
    {
      id: 'prices-and-fees',
      title: terms.online ? 'Prices and fees' : 'Prices',
      body: (
        <>
          <p>
            <strong>The price a driver sees is the price the driver pays.</strong> Hosts set their
            own prices, and Parkside does not add booking or service fees at checkout.
          </p>
          {terms.online ? (
            <>
              <p>
                Drivers pay by card when they book. For each booking paid by card, Parkside keeps a
                platform fee of <strong>{fee}</strong> of the price, rounded to the nearest cent.
                The fee is taken from the host&rsquo;s payout: the host receives the price minus the
                fee, and sees that amount while setting a price. All amounts are calculated by
                Parkside from the stored listing price.
              </p>
              <p>
                A host who has not set up payouts yet is paid by the driver on arrival; those
                bookings carry no Parkside fee.
              </p>
              <p>
                We may change the fee with at least 30 days&rsquo; notice. A change never affects
                bookings that already exist.
              </p>
            </>
          ) : (
            <p>
              Drivers pay the host the listed price when they arrive. Parkside charges nothing
              online and takes nothing from the price. If Parkside starts taking payments online, we
              will tell you at least 30 days before, and it will never apply to bookings that
              already exist.
            </p>
          )}
        </>
      ),
    },
    {
      id: 'cancellations',
      title: terms.online ? 'Cancellations and refunds' : 'Cancellations',
      body: terms.online ? (
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>
              Driver cancels {terms.fullRefundHours} hours or more before the event starts:
            </strong>{' '}
            full refund.
          </li>
          <li>
            <strong>
              Driver cancels less than {terms.fullRefundHours} hours before the event starts:
            </strong>{' '}
            no refund.
          </li>
          <li>
            <strong>Host cancels a booking:</strong> the driver always gets a full refund and an
            e-mail with the host&rsquo;s reason.
          </li>
          <li>
            <strong>Event cancelled:</strong> every booking for it is cancelled with a full refund,
            and every driver is told by e-mail.
          </li>
          <li>In every case the space is freed for someone else.</li>
        </ul>
      ) : (
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Nothing is charged when a driver books,</strong> so a cancelled booking costs
            the driver nothing and nothing is owed to the host.
          </li>
          <li>
            <strong>Driver cancels:</strong> any time before the event starts, from My Bookings.
          </li>
          <li>
            <strong>Host cancels a booking:</strong> the driver gets an e-mail with the host&rsquo;s
            reason.
          </li>
          <li>
            <strong>Event cancelled:</strong> every booking for it is cancelled, and every driver is
            told by e-mail.
          </li>
          <li>In every case the space is freed for someone else.</li>
        </ul>
      ),
    },
    {
      id: 'host-responsibilities',
      title: 'Host responsibilities',
      body: (
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Describe your driveway accurately: its address, the number of spaces, photos, amenities
            and access instructions.
          </li>
          <li>
            Only offer space you have the right to rent out, and keep the booked spaces free and
            safely reachable for the whole time window.
          </li>
          <li>
            Follow local rules, including city ordinances, permits, homeowners&rsquo; association
            rules and your lease, and report your earnings for taxes as the law requires.
          </li>
          <li>Honor every confirmed booking, and cancel only when you truly must.</li>
        </ul>
      ),
    },
    {
      id: 'driver-responsibilities',
      title: 'Driver responsibilities',
      body: (
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Give the correct license plate and vehicle description, and park only in the space and
            time window you booked.
          </li>
          <li>
            Follow the host&rsquo;s access instructions, respect the property and the neighbors, and
            leave the space as you found it.
          </li>
          <li>
            You are responsible for your vehicle and its contents, and for any damage you cause.
          </li>
        </ul>
      ),
    },
    {
      id: 'prohibited-uses',
      title: 'Prohibited uses',
      body: (
        <>
          <p>You may not use Parkside to:</p>
          <ul className="list-disc space-y-2 pl-5">
            <li>list space you do not control, or list the same space twice for one event;</li>
            <li>arrange or take payment for a booking outside Parkside;</li>
            <li>park for overnight stays, storage, resale of spaces or any illegal activity;</li>
            <li>harass, threaten or discriminate against other users;</li>
            <li>post false information, spam, or another person&rsquo;s private data;</li>
            <li>
              scrape, overload or try to break into the service or other users&rsquo; accounts.
            </li>
          </ul>
          <p>We may remove listings and suspend accounts that break these rules.</p>
        </>
      ),
    },
    {
      id: 'liability',
      title: 'Limits of our liability',
      body: (
        <>
          <p>
            Parkside is provided &ldquo;as is&rdquo;. We do our best to keep it available and
            accurate, but we do not guarantee that a listing is accurate, that a host or driver will
            behave as promised, or that the service will always be available.
          </p>
          <p>
            To the extent the law allows, Parkside is not liable for damage to or theft of vehicles,
            towing, parking tickets, injuries on a host&rsquo;s property, or indirect or
            consequential losses. Our total liability to you for any claim is limited to the greater
            of what Parkside earned from your bookings in the 12 months before the claim, or US$100.
            Nothing in these terms limits liability that cannot be limited by law.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <p>
          We may update these terms as Parkside grows. When we make a significant change, we will
          tell you by e-mail or on the site at least 30 days before it takes effect. If you keep
          using Parkside after that, the new terms apply; bookings made before then stay under the
          terms in force when they were made.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about these terms? E-mail{' '}
          <a href="mailto:support@parkside.example" className={link}>
            support@parkside.example
          </a>{' '}
          or see{' '}
          <Link to="/contact" className={link}>
            all the ways to reach Parkside
          </Link>
          .
        </p>
      ),
    },
  ];
}
