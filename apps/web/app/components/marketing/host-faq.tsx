import { Link } from '@remix-run/react';
import { cancelAnswers, whoPaysAnswer, type MoneyTerms } from '@parkside/validators';
import type { Faq } from './faq-list';

const link = 'text-brand-800 font-semibold underline-offset-2 hover:underline';

/** The questions hosts ask before they list, answered for the site's payment mode. */
export function hostFaq(terms: MoneyTerms): Faq[] {
  const [driverCancels, hostCancels] = cancelAnswers(terms);
  return [
    {
      question: 'Is it safe to let strangers park in my driveway?',
      answer: (
        <>
          <p>
            Every driver has an account with a verified e-mail address, and each booking tells you
            their name, license plate and vehicle before they arrive, so you know exactly which cars
            to expect. You can message a driver through Parkside at any time.
          </p>
          <p>
            You decide how many spaces to offer and the time window, and your access instructions
            tell drivers where to park and what to leave clear.
          </p>
        </>
      ),
    },
    {
      question: 'Who pays, and how much do I keep?',
      answer: <p>{whoPaysAnswer(terms)}</p>,
    },
    {
      question: 'What happens if a driver or I cancel?',
      answer: (
        <>
          <p>{driverCancels}</p>
          <p>{hostCancels}</p>
        </>
      ),
    },
    {
      question: 'How many spaces can I offer?',
      answer: (
        <p>
          As many cars as your driveway fits safely without blocking sidewalks, hydrants or your
          neighbors. You set the capacity once, then offer up to that many spaces for each event.
          You can offer fewer later, but never fewer than are already booked.
        </p>
      ),
    },
    {
      question: 'Which events can I list for?',
      answer: (
        <p>
          Any upcoming event on Parkside, from college football at LaVell Edwards Stadium to the
          Water Lantern Festival in Portland. See{' '}
          <Link to="/events" className={link}>
            all upcoming events
          </Link>
          . If yours is missing, you can{' '}
          <Link to="/register-event" className={link}>
            register the event
          </Link>{' '}
          and list for it right away.
        </p>
      ),
    },
    {
      question: 'Do I have to pay taxes on what I earn?',
      answer: (
        <p>
          Income from renting out parking is usually taxable, and some cities and homeowners&rsquo;
          associations have their own rules about it. Keep a record of your earnings (My Listings
          shows them per event) and ask a tax professional about your situation; Parkside cannot
          give tax advice.
        </p>
      ),
    },
  ];
}
